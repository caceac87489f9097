import { COST, hashCost, hashPasswordSync } from "../auth/passwords";
import { randomHex, randomSecret, sha256 } from "../auth/secrets";
import { DEMO_COMPONENTS, DEMO_FORMS, DEMO_PROFILES, REPORT_NAME, prcmIdOf } from "../demo/catalogue";
import { DEMO_BULK_COUNT, insertBulkApplicants } from "../demo/bulk";
import { DEMO_CUSTOMERS } from "../demo/customers";
import { DEMO_STATEMENTS } from "../demo/texts";
import { DEMO_ANSWERS, DEMO_PASSWORD_HASHES, DEMO_USERS, demoEmail, LATER_DEMO_USERS, type DemoUser } from "../demo/users";
import { normValue, scaleScore } from "../engine/scoring";
import { insertMail } from "../mail/outbox";
import { accountMail, activationPath } from "../mail/templates";
import { ACTIVATION_VALIDITY_S } from "../store/user-hashes";
import type { Db } from "./connection";

/**
 * Writes the catalogue of shared/spec/demo-data.md (customers, profiles, modules, texts) into a new
 * database, and in demo mode also the demo users with their public passwords. A seed_runs row marks
 * what was written, so a restart neither duplicates nor resets anything, and fixes the database's
 * mode for good (docs/decisions/090): a demo database never starts without demo mode (its accounts
 * have the passwords printed in the README), a live one never with it (the outbox would publish its
 * users' reset links).
 */
const DEMO_SEED = "demo-data-v1";
/** The generated applicants of the recruiter's list (decision 143); also added to demo databases made before them. */
const DEMO_BULK_SEED = "demo-applicants-v1";
const LIVE_SEED = "catalogue-v1";
const DAY_MS = 24 * 60 * 60 * 1000;

export type DatabaseMode = "new" | "demo" | "live";

export function databaseMode(db: Db): DatabaseMode {
  const names = new Set((db.prepare("SELECT name FROM seed_runs").all() as { name: string }[]).map((row) => row.name));
  if (names.has(DEMO_SEED)) return "demo";
  if (names.has(LIVE_SEED)) return "live";
  return "new";
}

/** The embedded API refuses a database of the other mode; the message names what to do. */
export class DatabaseModeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DatabaseModeError";
  }
}

export function requireDatabaseMode(db: Db, demoMode: boolean, databasePath: string): void {
  const mode = databaseMode(db);
  if (mode === "demo" && !demoMode) {
    throw new DatabaseModeError(
      `The embedded API database ${databasePath} holds the demo accounts (passwords printed in the README): ` +
        "start with DEMO_MODE=true, or set API_DATABASE_PATH to a new file",
    );
  }
  if (mode === "live" && demoMode) {
    throw new DatabaseModeError(
      `The embedded API database ${databasePath} was created without demo mode: DEMO_MODE=true would publish its users' mails ` +
        "at /api/dev/outbox; start without DEMO_MODE, or set API_DATABASE_PATH to a new file",
    );
  }
}

function hasSeedRun(db: Db, name: string): boolean {
  return db.prepare("SELECT 1 FROM seed_runs WHERE name = ?").get(name) !== undefined;
}

/**
 * The generated applicants (api/demo/bulk.ts) of a demo database, once: a demo database made before
 * them gets them at its next start. They share one hash of a password nobody knows: nobody can sign in.
 */
async function seedDemoBulk(db: Db, now: Date): Promise<boolean> {
  if (hasSeedRun(db, DEMO_BULK_SEED)) return false;
  return db.transaction(() => {
    if (hasSeedRun(db, DEMO_BULK_SEED)) return false;
    insertBulkApplicants(db, { count: DEMO_BULK_COUNT, now });
    db.prepare("INSERT INTO seed_runs (name, applied_at) VALUES (?, ?)").run(DEMO_BULK_SEED, now.toISOString());
    return true;
  })();
}

/**
 * The demo users added since the first demo seed (LATER_DEMO_USERS), once per seed run: a demo database
 * made before them gets them; a new one has them already and only records the run.
 */
function seedLaterDemoUsers(db: Db, now: Date): boolean {
  let wrote = false;
  for (const [run, userNames] of Object.entries(LATER_DEMO_USERS)) {
    if (hasSeedRun(db, run)) continue;
    db.transaction(() => {
      if (hasSeedRun(db, run)) return;
      for (const user of DEMO_USERS.filter((candidate) => userNames.includes(candidate.userName))) {
        if (db.prepare("SELECT 1 FROM users WHERE user_base = ? AND user_name = ?").get(user.userBase, user.userName)) continue;
        insertDemoUser(db, user, { userName: user.userName, passwordHash: demoPasswordHash(user), activationHash: null, now });
        wrote = true;
      }
      db.prepare("INSERT INTO seed_runs (name, applied_at) VALUES (?, ?)").run(run, now.toISOString());
    })();
  }
  return wrote;
}

/** Seeds a new database: the catalogue always, the demo users only in demo mode. Returns whether it wrote anything. */
export async function seedDatabase(db: Db, options: { demoMode: boolean; appBaseUrl: () => string; now?: Date }): Promise<boolean> {
  const now = options.now ?? new Date();
  const mode = databaseMode(db);
  if (mode === "demo" && options.demoMode) {
    const later = seedLaterDemoUsers(db, now);
    return (await seedDemoBulk(db, now)) || later;
  }
  if (mode !== "new") return false;
  const seeded = await seedNewDatabase(db, options, now);
  if (seeded && options.demoMode) {
    seedLaterDemoUsers(db, now);
    await seedDemoBulk(db, now);
  }
  return seeded;
}

async function seedNewDatabase(db: Db, options: { demoMode: boolean; appBaseUrl: () => string }, now: Date): Promise<boolean> {
  const hashes = options.demoMode
    ? new Map(DEMO_USERS.map((user) => [user.userName, demoPasswordHash(user)] as const))
    : new Map<string, string | null>();
  return db.transaction(() => {
    if (databaseMode(db) !== "new") return false;
    insertCatalogue(db);
    if (options.demoMode) {
      for (const user of DEMO_USERS) {
        const userId = insertDemoUser(db, user, {
          userName: user.userName,
          passwordHash: hashes.get(user.userName) ?? null,
          activationHash: user.activationHash,
          now,
        });
        if (user.activationHash) writeActivationMail(db, user, userId, user.userName, user.activationHash, options.appBaseUrl(), now);
      }
    }
    db.prepare("INSERT INTO seed_runs (name, applied_at) VALUES (?, ?)").run(options.demoMode ? DEMO_SEED : LIVE_SEED, now.toISOString());
    return true;
  })();
}

/** The demo database of shared/spec/demo-data.md: catalogue and demo users (npm run api:reset). */
export function seedDemoData(db: Db, options: { appBaseUrl: () => string; now?: Date }): Promise<boolean> {
  return seedDatabase(db, { ...options, demoMode: true });
}

/**
 * The demo user's password hash, precomputed (api/demo/users.ts): scrypt at N=2^17 is slow on purpose.
 * A test server with a lower cost (API_SCRYPT_LOG2_N) gets one made at its own cost, which is cheap.
 */
export function demoPasswordHash(user: DemoUser): string | null {
  if (!user.password) return null;
  const cost = hashCost();
  if (cost.N !== COST.N) return hashPasswordSync(user.password, cost);
  const hash = DEMO_PASSWORD_HASHES[user.userName];
  if (!hash) throw new Error(`demo user ${user.userName}: no precomputed password hash in api/demo/users.ts`);
  return hash;
}

function insertCatalogue(db: Db): void {
  const insertCustomer = db.prepare(
    "INSERT INTO customers (cstm, user_base, name, config_json, self_register_profile_id) VALUES (?, ?, ?, ?, ?)",
  );
  for (const customer of DEMO_CUSTOMERS) {
    insertCustomer.run(
      customer.cstm,
      customer.userBase,
      customer.config.name,
      JSON.stringify(customer.config),
      customer.selfRegisterProfileId,
    );
  }
  const insertStatement = db.prepare(
    "INSERT INTO data_protection_statements (user_base, dpsm_id, revision, texts_json) VALUES (?, ?, ?, ?)",
  );
  for (const statement of DEMO_STATEMENTS) {
    insertStatement.run(statement.userBase, statement.dpsmId, statement.revision, JSON.stringify(statement.texts));
  }
  const insertComponent = db.prepare(
    `INSERT INTO components (comp_id, type, names_json, descriptions_json, duration_s, skippable, form_identifier)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const component of DEMO_COMPONENTS) {
    insertComponent.run(
      component.compId,
      component.type,
      JSON.stringify(component.name),
      JSON.stringify(component.description),
      component.durationS,
      component.skippable ? 1 : 0,
      component.formIdentifier ?? null,
    );
  }
  const insertForm = db.prepare("INSERT INTO forms (form_identifier, comp_id, definition_json) VALUES (?, ?, ?)");
  for (const form of DEMO_FORMS) insertForm.run(form.form_identifier, form.comp_comp_id, JSON.stringify(form));

  const insertProfile = db.prepare(
    "INSERT INTO profiles (id, user_base, name, description, allow_anonymous, position) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const insertContainer = db.prepare(
    `INSERT INTO containers (pcc_id, profile_id, position, type, icon, names_json, descriptions_json)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertModule = db.prepare("INSERT INTO profile_modules (prcm_id, pcc_id, comp_id, position) VALUES (?, ?, ?, ?)");
  const insertBinding = db.prepare(
    "INSERT INTO report_bindings (profile_id, position, names_json, scale_comp_ids_json) VALUES (?, ?, ?, ?)",
  );
  DEMO_PROFILES.forEach((profile, profilePosition) => {
    insertProfile.run(profile.id, profile.userBase, profile.name, profile.description, profile.allowAnonymous ? 1 : 0, profilePosition);
    profile.containers.forEach((container, containerPosition) => {
      insertContainer.run(
        container.pccId,
        profile.id,
        containerPosition,
        container.type,
        container.icon,
        JSON.stringify(container.name),
        JSON.stringify(container.description),
      );
      container.compIds.forEach((compId, position) => insertModule.run(prcmIdOf(container, compId), container.pccId, compId, position));
    });
    if (profile.reportScales) insertBinding.run(profile.id, 0, JSON.stringify(REPORT_NAME), JSON.stringify(profile.reportScales));
  });
}

/**
 * One demo user with its whole state: profiles, finished modules, completed engine sessions of
 * finished Scale modules (so the report has scores), activation hash. Used by the seed and by
 * POST /dev/clone-user.
 */
export function insertDemoUser(
  db: Db,
  user: DemoUser,
  options: { userName: string; passwordHash: string | null; activationHash: string | null; now: Date },
): number {
  const createdAt = new Date(options.now.getTime() - 14 * DAY_MS).toISOString();
  const userId = Number(
    db
      .prepare(
        `INSERT INTO users (user_base, cstm, user_name, role, email, password_hash, first_name, last_name, language, activated, expired, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        user.userBase,
        // An applicant belongs to one customer (docs/decisions/170); a recruiter serves recruiter_customers.
        user.role === "applicant" ? user.cstm : null,
        options.userName,
        user.role,
        demoEmail(options.userName),
        options.passwordHash,
        user.firstName,
        user.lastName,
        user.language,
        user.activated ? 1 : 0,
        user.expired ? 1 : 0,
        createdAt,
      ).lastInsertRowid,
  );
  for (const cstm of user.serves ?? []) db.prepare("INSERT INTO recruiter_customers (user_id, cstm) VALUES (?, ?)").run(userId, cstm);
  if (options.passwordHash) {
    db.prepare("INSERT INTO password_history (user_id, password_hash, created_at) VALUES (?, ?, ?)").run(
      userId,
      options.passwordHash,
      createdAt,
    );
  }
  if (options.activationHash) {
    db.prepare("INSERT INTO user_hashes (hash_sha256, user_id, purpose, cstm, expires_at) VALUES (?, ?, 'activation', ?, ?)").run(
      sha256(options.activationHash),
      userId,
      user.cstm,
      Math.floor(options.now.getTime() / 1000) + ACTIVATION_VALIDITY_S,
    );
  }
  const assign = db.prepare("INSERT INTO user_profiles (user_id, profile_id, is_open, open_until, assigned_at) VALUES (?, ?, ?, ?, ?)");
  const finish = db.prepare("INSERT INTO module_progress (user_id, prcm_id, finished_at, skipped) VALUES (?, ?, ?, ?)");
  const session = db.prepare(
    `INSERT INTO engine_sessions (id, key_sha256, user_id, prcm_id, return_url, language, created_at, started_at, completed_at, score, norm_value)
     VALUES (?, ?, ?, ?, '/', ?, ?, ?, ?, ?, ?)`,
  );
  const answer = db.prepare("INSERT INTO engine_answers (session_id, item, value) VALUES (?, ?, ?)");
  for (const state of user.profiles) {
    assign.run(userId, state.profileId, state.isOpen ? 1 : 0, state.openUntil, createdAt);
    const profile = DEMO_PROFILES.find((candidate) => candidate.id === state.profileId);
    if (!profile) throw new Error(`demo user ${user.userName}: unknown profile ${state.profileId}`);
    let minutes = 0;
    for (const container of profile.containers) {
      for (const compId of container.compIds) {
        if (!state.finished.includes(compId)) continue;
        const finishedAt = new Date(options.now.getTime() - 2 * DAY_MS + ++minutes * 60_000).toISOString();
        const prcmId = prcmIdOf(container, compId);
        const answers = DEMO_ANSWERS[compId];
        const training = DEMO_COMPONENTS.find((component) => component.compId === compId)?.type === "Training";
        finish.run(userId, prcmId, finishedAt, training && !answers ? 1 : 0);
        if (!answers) continue;
        const sessionId = `es_${randomHex(12)}`;
        const score = scaleScore(answers);
        session.run(
          sessionId,
          sha256(randomSecret()),
          userId,
          prcmId,
          user.language,
          finishedAt,
          finishedAt,
          finishedAt,
          score,
          normValue(score),
        );
        answers.forEach((value, index) => answer.run(sessionId, index + 1, value));
      }
    }
  }
  return userId;
}

export function writeActivationMail(
  db: Db,
  user: DemoUser,
  userId: number,
  userName: string,
  activationHash: string,
  baseUrl: string,
  now: Date,
): void {
  const customer = DEMO_CUSTOMERS.find((candidate) => candidate.cstm === user.cstm);
  insertMail(
    db,
    {
      cstm: user.cstm,
      userId,
      userName,
      to: demoEmail(userName),
      kind: "activation",
      linkPath: activationPath(user.cstm, activationHash, user.language),
      content: (link) =>
        accountMail("activation", user.language, { name: user.firstName, customer: customer?.config.name ?? user.cstm, link }),
    },
    baseUrl,
    now,
    // Demo data only: the demo outbox shows the activation links of carla and felix.
    { keepLinkSecrets: true },
  );
}
