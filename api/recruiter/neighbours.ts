import type { ApiContext } from "../context";
import type { Customer } from "../store/catalogue";
import type { User } from "../store/users";
import { buildFilter, orderBy, type ListQuery } from "./list";

/**
 * GET /{cstm}/recruiter/applicants/{userName}/neighbours (docs/decisions/188): where the applicant stands in the list
 * as the list's query filters and sorts it (the same WHERE and ORDER BY as the list, docs/decisions/142), and who
 * comes before and after, across page boundaries. One window query over the filtered list: its cost is the list's
 * counting scan, never one query per page. Not in the list (any more): position null, no neighbours.
 */
interface PositionRow {
  position: number;
  previous_id: number | null;
  next_id: number | null;
}

interface NeighbourRow {
  id: number;
  user_name: string;
  first_name: string | null;
  last_name: string | null;
}

export function applicantNeighbours(ctx: ApiContext, customer: Customer, user: User, query: ListQuery) {
  const filter = buildFilter(query, customer);
  const where = filter.where.join(" AND ");
  // The count apart: a second window over every row (COUNT(*) OVER ()) cost more than the list's own counting scan.
  const total = (ctx.db.prepare(`SELECT COUNT(*) AS n FROM ${filter.from} WHERE ${where}`).get(filter.params) as { n: number }).n;
  const found = ctx.db
    .prepare(
      `SELECT position, previous_id, next_id FROM (
         SELECT u.id, ROW_NUMBER() OVER list AS position, LAG(u.id) OVER list AS previous_id, LEAD(u.id) OVER list AS next_id
         FROM ${filter.from} WHERE ${where}
         WINDOW list AS (ORDER BY ${orderBy(query)})
       ) WHERE id = @applicant`,
    )
    .get({ ...filter.params, applicant: user.id }) as PositionRow | undefined;
  if (!found) return { position: null, total, pageSize: query.pageSize, previous: null, next: null };
  const ids = [found.previous_id, found.next_id].filter((id): id is number => id !== null);
  const rows =
    ids.length === 0
      ? []
      : (ctx.db
          .prepare(`SELECT id, user_name, first_name, last_name FROM users WHERE id IN (${ids.map(() => "?").join(", ")})`)
          .all(...ids) as NeighbourRow[]);
  const neighbour = (id: number | null, position: number) => {
    const row = rows.find((candidate) => candidate.id === id);
    return row ? { userName: row.user_name, firstName: row.first_name, lastName: row.last_name, position } : null;
  };
  return {
    position: found.position,
    total,
    pageSize: query.pageSize,
    previous: neighbour(found.previous_id, found.position - 1),
    next: neighbour(found.next_id, found.position + 1),
  };
}
