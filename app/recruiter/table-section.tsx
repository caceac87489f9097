import type { ReactNode } from "react";

/**
 * A recruiter page's section with one scrollable table (the audit log, the scheduled jobs' lists), or a sentence when
 * it has no rows. `id` prefixes the heading's and caption's ids; the cell at `rowHeader` heads its row.
 */
export function TableSection({
  id,
  title,
  intro,
  empty,
  caption,
  columns,
  rowHeader,
  rows,
}: {
  id: string;
  title: string;
  intro?: string;
  empty: string;
  caption: string;
  columns: string[];
  rowHeader: number;
  rows: { key: string | number; cells: ReactNode[] }[];
}) {
  return (
    <section className="recruiter-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {intro ? <p>{intro}</p> : null}
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
          <table className="recruiter-table">
            <caption id={`${id}-caption`}>{caption}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  {row.cells.map((cell, index) =>
                    index === rowHeader ? (
                      <th key={index} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={index}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
