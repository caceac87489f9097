import { randomHex, sha256 } from "../auth/secrets";
import type { Db } from "../db/connection";
import { normValue, scaleScore } from "../engine/scoring";
import type { Language } from "../languages";
import { APPLICANT_STATUSES, type ApplicantStatus } from "../recruiter/statuses";
import { DEMO_COMPONENTS, DEMO_PROFILES, prcmIdOf, type DemoProfile } from "./catalogue";

/**
 * Generated applicants for the recruiter's list (docs/decisions/143): a few hundred in the
 * demo data so the list, its filters and its paging look like a real week of applications, and
 * 10,000 in bench/recruiter-list.mjs. Deterministic: the same count and seed give the same people,
 * states and answers (dates count back from the seeding time). The named demo users are untouched.
 *
 * Nobody knows their password: they share one scrypt hash of 32 random bytes that were thrown away
 * (a constant, so no start of the demo spends a key derivation on it).
 */
export const DEMO_BULK_COUNT = 300;

export const UNKNOWN_PASSWORD_HASH = "scrypt$131072$8$1$DyEV-c5w4nFHE6S264f52w$06VlM4YJYKgTI1y8Y3bR_khK6ThMMKqHZ0-O8yvtGCI";

const DAY_MS = 24 * 60 * 60 * 1000;

/** mulberry32: a small, fast, seedable generator; Math.random would make every seed different. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability: number) => next() < probability,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    weighted: <T>(items: readonly (readonly [T, number])[]): T => {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [item, weight] of items) {
        roll -= weight;
        if (roll < 0) return item;
      }
      return items[items.length - 1][0];
    },
  };
}

const FIRST_NAMES = [
  "Lena",
  "Jonas",
  "Mia",
  "Luca",
  "Emma",
  "Noah",
  "Hannah",
  "Elias",
  "Lea",
  "Finn",
  "Sophie",
  "Leon",
  "Marie",
  "Paul",
  "Lina",
  "Ben",
  "Jana",
  "Tim",
  "Laura",
  "Felix",
  "Sara",
  "David",
  "Nele",
  "Jan",
  "Zoë",
  "Jörg",
  "Björn",
  "Änne",
  "Özlem",
  "Ayşe",
  "Mehmet",
  "Katarzyna",
  "Dragan",
  "Réka",
  "Zsófia",
  "Bence",
  "Dániel",
  "Giulia",
  "Matteo",
  "Chiara",
  "Niccolò",
  "Francesca",
  "Oliver",
  "Charlotte",
  "Amelia",
  "Henry",
] as const;

const LAST_NAMES = [
  "Müller",
  "Schmidt",
  "Schneider",
  "Fischer",
  "Weber",
  "Meyer",
  "Wagner",
  "Becker",
  "Schulz",
  "Hoffmann",
  "Schäfer",
  "Koch",
  "Bauer",
  "Richter",
  "Klein",
  "Wolf",
  "Schröder",
  "Neumann",
  "Schwarz",
  "Zimmermann",
  "Braun",
  "Krüger",
  "Hofmann",
  "Hartmann",
  "Lange",
  "Schmitt",
  "Werner",
  "Krause",
  "Meier",
  "Lehmann",
  "Günther",
  "Weiß",
  "Yılmaz",
  "Kowalski",
  "Nagy",
  "Kovács",
  "Tóth",
  "Szőke",
  "Horváth",
  "Rossi",
  "Bianchi",
  "Esposito",
  "Ricci",
  "Conti",
  "Smith",
  "O'Brien",
  "Taylor",
] as const;

/** The generated recruiters who own applicants (besides rita); they cannot sign in. */
export const BULK_RECRUITERS = [
  { userName: "sabine.vogel", firstName: "Sabine", lastName: "Vogel" },
  { userName: "jonas.hartmann", firstName: "Jonas", lastName: "Hartmann" },
] as const;

const LANGUAGES: readonly (readonly [Language, number])[] = [
  ["de-DU", 60],
  ["de", 15],
  ["en_GB", 10],
  ["hu", 8],
  ["it", 7],
];

const STATUS_WEIGHTS: Record<ApplicantStatus, number> = {
  new: 40,
  screening: 20,
  interview: 12,
  offer: 5,
  hired: 5,
  rejected: 18,
};

const QUALIFICATIONS = ["hauptschule", "realschule", "fachhochschulreife", "abitur"] as const;

/** User names in ASCII (ä → ae, ő → o, ß → ss), as a user would type them. */
function asciiName(name: string): string {
  return name
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ı/g, "i")
    .replace(/ş/g, "s")
    .replace(/[^a-z0-9]/g, "");
}

function profilesFor(random: ReturnType<typeof generator>): DemoProfile[] {
  const demo = DEMO_PROFILES.filter((profile) => profile.userBase === "demo");
  const byId = (id: string) => demo.find((profile) => profile.id === id)!;
  const chosen: DemoProfile[] = [];
  if (random.chance(0.75)) chosen.push(byId("P100"));
  if (random.chance(0.2)) chosen.push(byId("P200"));
  if (random.chance(0.1)) chosen.push(byId("P300"));
  if (random.chance(0.15) || chosen.length === 0) chosen.push(byId("P500"));
  return chosen;
}

export interface BulkOptions {
  count: number;
  now: Date;
  /** The hash every generated account shares (default: UNKNOWN_PASSWORD_HASH). */
  passwordHash?: string;
  userBase?: string;
  /** The customer of the generated applicants, one of the user base's (default: demo; docs/decisions/170). */
  cstm?: string;
  /** Customers the generated recruiters serve. */
  recruiterCustomers?: string[];
  seed?: number;
  /** Also write the generated recruiters (the demo seed); false: owners are the recruiters already there. */
  recruiters?: boolean;
}

/** Writes the generated recruiters and applicants; call inside a transaction. Returns the applicants written. */
export function insertBulkApplicants(db: Db, options: BulkOptions): number {
  const random = generator(options.seed ?? 20270101);
  const passwordHash = options.passwordHash ?? UNKNOWN_PASSWORD_HASH;
  const userBase = options.userBase ?? "demo";
  const applicantCustomer = options.cstm ?? "demo";
  const nowMs = options.now.getTime();
  const iso = (ms: number) => new Date(Math.min(ms, nowMs)).toISOString();

  const insertUser = db.prepare(
    `INSERT INTO users (user_base, cstm, user_name, role, email, password_hash, first_name, last_name, language, activated, anonymous,
                        created_at, status, owner_id, login_disabled, on_site)
     VALUES (@userBase, @cstm, @userName, @role, @email, @passwordHash, @firstName, @lastName, @language, @activated, @anonymous,
             @createdAt, @status, @ownerId, @loginDisabled, @onSite)`,
  );
  const serve = db.prepare("INSERT INTO recruiter_customers (user_id, cstm) VALUES (?, ?)");
  const assign = db.prepare("INSERT INTO user_profiles (user_id, profile_id, is_open, open_until, assigned_at) VALUES (?, ?, ?, ?, ?)");
  const finish = db.prepare("INSERT INTO module_progress (user_id, prcm_id, finished_at, skipped) VALUES (?, ?, ?, ?)");
  const session = db.prepare(
    `INSERT INTO engine_sessions (id, key_sha256, user_id, prcm_id, return_url, language, created_at, started_at, completed_at, score, norm_value)
     VALUES (?, ?, ?, ?, '/', ?, ?, ?, ?, ?, ?)`,
  );
  const form = db.prepare("INSERT INTO form_submissions (user_id, prcm_id, values_json, saved_at) VALUES (?, ?, ?, ?)");

  const owners = (
    db.prepare("SELECT id FROM users WHERE user_base = ? AND role = 'recruiter' ORDER BY id").all(userBase) as { id: number }[]
  ).map((row) => row.id);
  for (const recruiter of options.recruiters === false ? [] : BULK_RECRUITERS) {
    const id = Number(
      insertUser.run({
        userBase,
        cstm: null,
        userName: recruiter.userName,
        role: "recruiter",
        email: `${recruiter.userName}@example.com`,
        passwordHash,
        firstName: recruiter.firstName,
        lastName: recruiter.lastName,
        language: "de",
        activated: 1,
        anonymous: 0,
        createdAt: iso(nowMs - 400 * DAY_MS),
        status: "new",
        ownerId: null,
        loginDisabled: 0,
        onSite: 0,
      }).lastInsertRowid,
    );
    for (const cstm of options.recruiterCustomers ?? ["demo", "demo-vor-ort"]) serve.run(id, cstm);
    owners.push(id);
  }

  for (let index = 1; index <= options.count; index++) {
    const anonymous = random.chance(0.05);
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const number = String(index).padStart(options.count >= 1000 ? 5 : 3, "0");
    const userName = anonymous ? `self_register_anon_${number}` : `${asciiName(firstName)}.${asciiName(lastName)}.${number}`;
    const language = random.weighted(LANGUAGES);
    const createdMs = nowMs - random.int(0, 365) * DAY_MS - random.int(0, 23 * 60) * 60_000;
    const status = random.weighted(APPLICANT_STATUSES.map((value) => [value, STATUS_WEIGHTS[value]] as const));
    const userId = Number(
      insertUser.run({
        userBase,
        cstm: applicantCustomer,
        userName,
        role: "applicant",
        email: anonymous ? null : `${userName}@example.com`,
        passwordHash,
        firstName: anonymous ? null : firstName,
        lastName: anonymous ? null : lastName,
        language,
        activated: anonymous || random.chance(0.92) ? 1 : 0,
        anonymous: anonymous ? 1 : 0,
        createdAt: iso(createdMs),
        status,
        ownerId: owners.length > 0 && random.chance(0.6) ? random.pick(owners) : null,
        loginDisabled: random.chance(0.03) ? 1 : 0,
        onSite: random.chance(0.15) ? 1 : 0,
      }).lastInsertRowid,
    );

    let clock = createdMs;
    const step = () => (clock += random.int(5, 3 * 24 * 60) * 60_000);
    for (const profile of anonymous ? [DEMO_PROFILES.find((candidate) => candidate.id === "P500")!] : profilesFor(random)) {
      const openUntil = random.chance(0.3) ? iso(nowMs + random.int(-30, 90) * DAY_MS).slice(0, 10) : null;
      assign.run(userId, profile.id, random.chance(0.9) ? 1 : 0, openUntil, iso(createdMs));
      const modules = profile.containers.flatMap((container) => container.compIds.map((compId) => ({ container, compId })));
      let done = random.int(0, modules.length);
      // The modules of an fbo container are finished together.
      while (
        done > 0 &&
        done < modules.length &&
        modules[done - 1].container.type === "fbo" &&
        modules[done].container === modules[done - 1].container
      ) {
        done++;
      }
      for (const { container, compId } of modules.slice(0, done)) {
        const prcmId = prcmIdOf(container, compId);
        const component = DEMO_COMPONENTS.find((candidate) => candidate.compId === compId)!;
        const finishedAt = iso(step());
        if (component.type === "Scale") {
          // The completed session's score and norm value; its single answers are not kept (nobody shows them).
          const score = scaleScore(Array.from({ length: 5 }, () => random.int(1, 5)));
          session.run(
            `es_bulk_${userId}_${prcmId}`,
            sha256(`bulk-${userId}-${prcmId}-${randomHex(8)}`),
            userId,
            prcmId,
            language,
            finishedAt,
            finishedAt,
            finishedAt,
            score,
            normValue(score),
          );
        } else if (component.type === "Form") {
          form.run(
            userId,
            prcmId,
            JSON.stringify({
              firstName: anonymous ? random.pick(FIRST_NAMES) : firstName,
              lastName: anonymous ? random.pick(LAST_NAMES) : lastName,
              email: anonymous ? `anon${number}@example.com` : `${userName}@example.com`,
              schoolQualification: random.pick(QUALIFICATIONS),
              willingToRelocate: random.chance(0.5) ? "yes" : "no",
            }),
            finishedAt,
          );
        }
        finish.run(userId, prcmId, finishedAt, component.type === "Training" ? 1 : 0);
      }
    }
  }
  return options.count;
}
