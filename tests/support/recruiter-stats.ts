import Database from "better-sqlite3";

/**
 * R-SCR-14 (docs/decisions/155): the progress and summary figures worked out from the embedded API's database rows,
 * independently of its SQL, so tests compare the API and the pages against the data itself.
 */
interface Assignment {
  user_id: number;
  profile_id: string;
  open_until: string | null;
  assigned_at: string;
  activated: number;
  expired: number;
  created_at: string;
}

/** The figures from the rows, by the rules of decision 155 (JavaScript, not the API's SQL), for demo. */
export function expectedStats(databasePath: string, filter: { profile?: string; from?: string; to?: string }) {
  const db = new Database(databasePath, { readonly: true });
  try {
    const today = new Date().toISOString().slice(0, 10);
    const modulesOf = new Map<string, number[]>();
    for (const row of db
      .prepare("SELECT c.profile_id, pm.prcm_id FROM profile_modules pm JOIN containers c ON c.pcc_id = pm.pcc_id")
      .all() as { profile_id: string; prcm_id: number }[]) {
      modulesOf.set(row.profile_id, [...(modulesOf.get(row.profile_id) ?? []), row.prcm_id]);
    }
    const finished = new Map<string, string>();
    for (const row of db.prepare("SELECT user_id, prcm_id, finished_at FROM module_progress").all() as {
      user_id: number;
      prcm_id: number;
      finished_at: string;
    }[]) {
      finished.set(`${row.user_id}/${row.prcm_id}`, row.finished_at);
    }
    const sessions = db.prepare("SELECT user_id, prcm_id, started_at, completed_at, norm_value FROM engine_sessions").all() as {
      user_id: number;
      prcm_id: number;
      started_at: string | null;
      completed_at: string | null;
      norm_value: number | null;
    }[];
    const assignments = (
      db
        .prepare(
          `SELECT p.user_id, p.profile_id, p.open_until, p.assigned_at, u.activated, u.expired, u.created_at
           FROM user_profiles p JOIN users u ON u.id = p.user_id WHERE u.cstm = 'demo' AND u.role = 'applicant'`,
        )
        .all() as Assignment[]
    ).filter(
      (row) =>
        (!filter.profile || row.profile_id === filter.profile) &&
        (!filter.from || row.created_at.slice(0, 10) >= filter.from) &&
        (!filter.to || row.created_at.slice(0, 10) <= filter.to),
    );
    const states = { invited: 0, activated: 0, started: 0, completed: 0, expired: 0 };
    const durations: number[] = [];
    const norms = new Map<number, number[]>();
    for (const row of assignments) {
      const modules = modulesOf.get(row.profile_id) ?? [];
      const done = modules.map((prcm) => finished.get(`${row.user_id}/${prcm}`)).filter((at): at is string => at !== undefined);
      const ownSessions = sessions.filter((session) => session.user_id === row.user_id && modules.includes(session.prcm_id));
      if (modules.length > 0 && done.length === modules.length) {
        states.completed++;
        const last = done.reduce((latest, at) => (at > latest ? at : latest));
        durations.push((Date.parse(last) - Date.parse(row.assigned_at)) / 1000);
      } else if ((row.open_until !== null && row.open_until < today) || row.expired === 1) states.expired++;
      else if (done.length > 0 || ownSessions.some((session) => session.started_at !== null)) states.started++;
      else if (row.activated === 1) states.activated++;
      else states.invited++;
      for (const session of ownSessions) {
        if (session.completed_at === null || session.norm_value === null) continue;
        const compId = (db.prepare("SELECT comp_id FROM profile_modules WHERE prcm_id = ?").get(session.prcm_id) as { comp_id: number })
          .comp_id;
        norms.set(compId, [...(norms.get(compId) ?? []), session.norm_value]);
      }
    }
    durations.sort((a, b) => a - b);
    const middle = durations.length / 2;
    const median =
      durations.length === 0
        ? null
        : durations.length % 2 === 1
          ? durations[Math.floor(middle)]
          : (durations[middle - 1] + durations[middle]) / 2;
    return { total: assignments.length, states, median, norms };
  } finally {
    db.close();
  }
}
