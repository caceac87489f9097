import type { Db } from "./connection";

/**
 * Versioned schema, applied in order at start. PRAGMA user_version holds the number of migrations
 * applied; a migration is never edited once released, only followed by a new one.
 */
const MIGRATIONS: string[] = [
  `
  CREATE TABLE customers (
    cstm TEXT PRIMARY KEY,
    user_base TEXT NOT NULL,
    name TEXT NOT NULL,
    config_json TEXT NOT NULL,
    self_register_profile_id TEXT
  );

  CREATE TABLE data_protection_statements (
    user_base TEXT PRIMARY KEY,
    dpsm_id INTEGER NOT NULL UNIQUE,
    revision INTEGER NOT NULL,
    texts_json TEXT NOT NULL
  );

  CREATE TABLE components (
    comp_id INTEGER PRIMARY KEY,
    type TEXT NOT NULL CHECK (type IN ('Scale', 'Form', 'Training')),
    names_json TEXT NOT NULL,
    descriptions_json TEXT NOT NULL,
    duration_s INTEGER,
    skippable INTEGER NOT NULL DEFAULT 0,
    form_identifier TEXT
  );

  CREATE TABLE forms (
    form_identifier TEXT PRIMARY KEY,
    comp_id INTEGER NOT NULL REFERENCES components(comp_id),
    definition_json TEXT NOT NULL
  );

  CREATE TABLE profiles (
    id TEXT PRIMARY KEY,
    user_base TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    allow_anonymous INTEGER NOT NULL DEFAULT 0,
    position INTEGER NOT NULL
  );

  CREATE TABLE containers (
    pcc_id INTEGER PRIMARY KEY,
    profile_id TEXT NOT NULL REFERENCES profiles(id),
    position INTEGER NOT NULL,
    type TEXT NOT NULL CHECK (type IN ('test', 'fbo', 'training')),
    icon TEXT NOT NULL,
    names_json TEXT NOT NULL,
    descriptions_json TEXT NOT NULL
  );

  CREATE TABLE profile_modules (
    prcm_id INTEGER PRIMARY KEY,
    pcc_id INTEGER NOT NULL REFERENCES containers(pcc_id),
    comp_id INTEGER NOT NULL REFERENCES components(comp_id),
    position INTEGER NOT NULL
  );

  CREATE TABLE report_bindings (
    rdb_id INTEGER PRIMARY KEY,
    profile_id TEXT NOT NULL REFERENCES profiles(id),
    position INTEGER NOT NULL,
    names_json TEXT NOT NULL,
    scale_comp_ids_json TEXT NOT NULL
  );

  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    user_base TEXT NOT NULL,
    user_name TEXT NOT NULL COLLATE NOCASE,
    role TEXT NOT NULL CHECK (role IN ('applicant', 'recruiter')),
    email TEXT COLLATE NOCASE,
    password_hash TEXT,
    first_name TEXT,
    last_name TEXT,
    language TEXT NOT NULL,
    activated INTEGER NOT NULL,
    expired INTEGER NOT NULL DEFAULT 0,
    anonymous INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    finalized_at TEXT,
    dp_accepted_revision INTEGER,
    contacting_accepted INTEGER NOT NULL DEFAULT 0,
    UNIQUE (user_base, user_name)
  );
  CREATE INDEX users_email ON users (user_base, email);

  CREATE TABLE password_history (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    password_hash TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX password_history_user ON password_history (user_id);

  CREATE TABLE user_hashes (
    hash_sha256 TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    purpose TEXT NOT NULL CHECK (purpose IN ('activation', 'password-reset')),
    cstm TEXT NOT NULL,
    expires_at INTEGER,
    used_at TEXT
  );

  CREATE TABLE tokens (
    token_sha256 TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('applicant', 'recruiter')),
    cstm TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    absolute_expires_at INTEGER NOT NULL,
    revoked INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX tokens_absolute_expiry ON tokens (absolute_expires_at);

  CREATE TABLE user_profiles (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    profile_id TEXT NOT NULL REFERENCES profiles(id),
    is_open INTEGER NOT NULL,
    open_until TEXT,
    assigned_at TEXT NOT NULL,
    PRIMARY KEY (user_id, profile_id)
  ) WITHOUT ROWID;

  CREATE TABLE module_progress (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    prcm_id INTEGER NOT NULL REFERENCES profile_modules(prcm_id),
    finished_at TEXT NOT NULL,
    skipped INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, prcm_id)
  ) WITHOUT ROWID;

  CREATE TABLE engine_sessions (
    id TEXT PRIMARY KEY,
    key_sha256 TEXT NOT NULL UNIQUE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    prcm_id INTEGER NOT NULL REFERENCES profile_modules(prcm_id),
    return_url TEXT NOT NULL,
    language TEXT NOT NULL,
    created_at TEXT NOT NULL,
    started_at TEXT,
    completed_at TEXT,
    score INTEGER,
    norm_value INTEGER,
    UNIQUE (user_id, prcm_id)
  );

  CREATE TABLE engine_answers (
    session_id TEXT NOT NULL REFERENCES engine_sessions(id) ON DELETE CASCADE,
    item INTEGER NOT NULL,
    value INTEGER NOT NULL CHECK (value BETWEEN 1 AND 5),
    PRIMARY KEY (session_id, item)
  ) WITHOUT ROWID;

  CREATE TABLE form_submissions (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    prcm_id INTEGER NOT NULL REFERENCES profile_modules(prcm_id),
    values_json TEXT NOT NULL,
    saved_at TEXT NOT NULL,
    PRIMARY KEY (user_id, prcm_id)
  ) WITHOUT ROWID;

  CREATE TABLE form_submission_tokens (
    token_sha256 TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    prcm_id INTEGER NOT NULL REFERENCES profile_modules(prcm_id),
    expires_at INTEGER NOT NULL
  );

  CREATE TABLE mail_outbox (
    id INTEGER PRIMARY KEY,
    cstm TEXT NOT NULL,
    user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    user_name TEXT,
    to_address TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('activation', 'password-reset', 'recruiter')),
    subject TEXT NOT NULL,
    text TEXT NOT NULL,
    link TEXT NOT NULL,
    created_at TEXT NOT NULL,
    sent_at TEXT,
    send_error TEXT
  );

  CREATE TABLE feedback (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    profile_id TEXT NOT NULL REFERENCES profiles(id),
    rating INTEGER NOT NULL,
    comment TEXT,
    created_at TEXT NOT NULL
  );

  CREATE TABLE tracking_events (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    profile_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    payload_json TEXT NOT NULL,
    created_at TEXT NOT NULL
  );

  CREATE TABLE client_errors (
    id INTEGER PRIMARY KEY,
    user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    report_json TEXT NOT NULL,
    created_at TEXT NOT NULL
  );

  CREATE TABLE newsletter_subscriptions (
    cstm TEXT NOT NULL REFERENCES customers(cstm),
    email TEXT NOT NULL COLLATE NOCASE,
    language TEXT NOT NULL,
    subscribed_at TEXT NOT NULL,
    PRIMARY KEY (cstm, email)
  ) WITHOUT ROWID;

  CREATE TABLE seed_runs (
    name TEXT PRIMARY KEY,
    applied_at TEXT NOT NULL
  );
  `,
  // 2: the feedback dialog opens once per applicant and profile, on any device (spec §3 feedbackModalSeen_{profile}).
  `
  CREATE TABLE feedback_modal_seen (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    profile_id TEXT NOT NULL,
    seen_at TEXT NOT NULL,
    PRIMARY KEY (user_id, profile_id)
  );
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Applies the migrations the database has not seen yet, each in its own transaction. */
export function migrate(db: Db): number {
  const current = db.pragma("user_version", { simple: true }) as number;
  if (current > SCHEMA_VERSION) {
    throw new Error(`API database schema version ${current} is newer than this code (${SCHEMA_VERSION})`);
  }
  for (let version = current; version < SCHEMA_VERSION; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version]);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
  return SCHEMA_VERSION - current;
}
