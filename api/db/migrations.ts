import type { Db } from "./connection";
import { foldSql } from "./search-fold";

/**
 * Versioned schema, applied in order at start. PRAGMA user_version holds the number of migrations
 * applied; a migration is never edited once released, only followed by a new one.
 */
/** Migration 3: the folded name of the recruiter's search (api/db/search-fold.ts). */
const SEARCH_NAME = `${foldSql("COALESCE(NEW.first_name, '') || ' ' || COALESCE(NEW.last_name, '')")} || '|' || ${foldSql(
  "COALESCE(NEW.last_name, '') || ' ' || COALESCE(NEW.first_name, '')",
)}`;

/** Migration 8: the profile of a module_progress or engine_sessions row (its prcm_id). */
const profileOf = (row: string) =>
  `(SELECT c.profile_id FROM profile_modules pm JOIN containers c ON c.pcc_id = pm.pcc_id WHERE pm.prcm_id = ${row}.prcm_id)`;
/** Migration 8: whether an assessment session of the user's profile has started. */
const startedOf = (userId: string, profileId: string) =>
  `EXISTS (SELECT 1 FROM engine_sessions es JOIN profile_modules pm ON pm.prcm_id = es.prcm_id JOIN containers c ON c.pcc_id = pm.pcc_id
           WHERE es.user_id = ${userId} AND c.profile_id = ${profileId} AND es.started_at IS NOT NULL)`;
/** Migration 8: when the user last finished a module of the profile. */
const lastFinishedOf = (userId: string, profileId: string) =>
  `(SELECT MAX(mp.finished_at) FROM module_progress mp JOIN profile_modules pm ON pm.prcm_id = mp.prcm_id JOIN containers c ON c.pcc_id = pm.pcc_id
    WHERE mp.user_id = ${userId} AND c.profile_id = ${profileId})`;

/** Migration 11: the norm-value row of a completed engine session `row` (NEW or OLD), if it has one. */
const normRowOf = (row: string) =>
  `INSERT OR REPLACE INTO stats_norms (user_id, prcm_id, user_base, created_at, profile_id, comp_id, norm_value)
   SELECT u.id, pm.prcm_id, u.user_base, u.created_at, c.profile_id, pm.comp_id, ${row}.norm_value
   FROM users u, profile_modules pm JOIN containers c ON c.pcc_id = pm.pcc_id
   WHERE u.id = ${row}.user_id AND pm.prcm_id = ${row}.prcm_id AND ${row}.completed_at IS NOT NULL AND ${row}.norm_value IS NOT NULL`;

/**
 * Migration 12: the norm-value row of a completed engine session `row`, filed under the applicant's customer
 * (docs/decisions/170) instead of the user base; rows of applicants without a customer are not counted.
 */
const customerNormRowOf = (row: string) =>
  `INSERT OR REPLACE INTO stats_norms (user_id, prcm_id, cstm, created_at, profile_id, comp_id, norm_value)
   SELECT u.id, pm.prcm_id, u.cstm, u.created_at, c.profile_id, pm.comp_id, ${row}.norm_value
   FROM users u, profile_modules pm JOIN containers c ON c.pcc_id = pm.pcc_id
   WHERE u.id = ${row}.user_id AND u.cstm IS NOT NULL AND pm.prcm_id = ${row}.prcm_id
     AND ${row}.completed_at IS NOT NULL AND ${row}.norm_value IS NOT NULL`;

/** Migration 12: refuses an applicant without a customer of its own user base (docs/decisions/170). */
const REQUIRE_APPLICANT_CUSTOMER = `SELECT RAISE(ABORT, 'an applicant belongs to a customer of its user base')
    WHERE NOT EXISTS (SELECT 1 FROM customers WHERE customers.cstm = NEW.cstm AND customers.user_base = NEW.user_base)`;

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
  // 3: the recruiter workspace (docs/decisions/142). The applicant list filters, sorts and
  // pages in SQL over 10,000 applicants, so progress, last activity and a folded search name are
  // columns kept by triggers (nothing else in the API has to know), and every sort key has an index.
  `
  ALTER TABLE users ADD COLUMN status TEXT NOT NULL DEFAULT 'new';
  ALTER TABLE users ADD COLUMN owner_id INTEGER REFERENCES users(id) ON DELETE SET NULL;
  ALTER TABLE users ADD COLUMN login_disabled INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE users ADD COLUMN on_site INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE users ADD COLUMN last_activity_at TEXT;
  ALTER TABLE users ADD COLUMN finished_modules INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE users ADD COLUMN total_modules INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE users ADD COLUMN search_name TEXT;
  ALTER TABLE user_profiles ADD COLUMN finished_modules INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE user_profiles ADD COLUMN total_modules INTEGER NOT NULL DEFAULT 0;

  -- Sorted lists read a page straight off these (anonymous applicants, without a name, last).
  CREATE INDEX users_list_name ON users (user_base, role, last_name IS NULL, last_name COLLATE NOCASE, first_name COLLATE NOCASE, user_name);
  CREATE INDEX users_list_registered ON users (user_base, role, created_at);
  CREATE INDEX users_list_activity ON users (user_base, role, last_activity_at);
  CREATE INDEX users_list_progress ON users (user_base, role,
    (CASE WHEN total_modules > 0 THEN (MIN(finished_modules, total_modules) * 100) / total_modules ELSE 0 END));
  CREATE INDEX user_profiles_progress ON user_profiles (profile_id,
    (CASE WHEN total_modules > 0 THEN (MIN(finished_modules, total_modules) * 100) / total_modules ELSE 0 END));

  -- Which customers a recruiter serves; a recruiter token reaches only these (403 otherwise).
  CREATE TABLE recruiter_customers (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    cstm TEXT NOT NULL REFERENCES customers(cstm),
    PRIMARY KEY (user_id, cstm)
  ) WITHOUT ROWID;
  INSERT INTO recruiter_customers (user_id, cstm)
    SELECT users.id, customers.cstm FROM users JOIN customers ON customers.user_base = users.user_base WHERE users.role = 'recruiter';

  -- Every recruiter change and data access: who, which applicant, what (before -> after). Never a password.
  CREATE TABLE recruiter_audit (
    id INTEGER PRIMARY KEY,
    cstm TEXT NOT NULL,
    recruiter_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    recruiter_user_name TEXT NOT NULL,
    applicant_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    applicant_user_name TEXT NOT NULL,
    action TEXT NOT NULL,
    changes_json TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX recruiter_audit_applicant ON recruiter_audit (applicant_id, id);

  -- Results a retest replaced: kept and shown next to the new ones.
  CREATE TABLE module_result_history (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    prcm_id INTEGER NOT NULL REFERENCES profile_modules(prcm_id),
    finished_at TEXT NOT NULL,
    skipped INTEGER NOT NULL DEFAULT 0,
    score INTEGER,
    norm_value INTEGER,
    form_values_json TEXT,
    retest_at TEXT NOT NULL,
    audit_id INTEGER REFERENCES recruiter_audit(id)
  );
  CREATE INDEX module_result_history_user ON module_result_history (user_id, prcm_id);

  -- Progress per assignment and per applicant, as finished and total modules.
  CREATE TRIGGER progress_finished_insert AFTER INSERT ON module_progress BEGIN
    UPDATE user_profiles SET finished_modules = finished_modules + 1
      WHERE user_id = NEW.user_id
        AND profile_id = (SELECT containers.profile_id FROM profile_modules JOIN containers ON containers.pcc_id = profile_modules.pcc_id
                          WHERE profile_modules.prcm_id = NEW.prcm_id);
    UPDATE users SET last_activity_at = NEW.finished_at
      WHERE id = NEW.user_id AND (last_activity_at IS NULL OR last_activity_at < NEW.finished_at);
  END;
  CREATE TRIGGER progress_finished_delete AFTER DELETE ON module_progress BEGIN
    UPDATE user_profiles SET finished_modules = finished_modules - 1
      WHERE user_id = OLD.user_id
        AND profile_id = (SELECT containers.profile_id FROM profile_modules JOIN containers ON containers.pcc_id = profile_modules.pcc_id
                          WHERE profile_modules.prcm_id = OLD.prcm_id);
  END;
  CREATE TRIGGER progress_assignment_insert AFTER INSERT ON user_profiles BEGIN
    UPDATE user_profiles SET
      total_modules = (SELECT COUNT(*) FROM profile_modules JOIN containers ON containers.pcc_id = profile_modules.pcc_id
                       WHERE containers.profile_id = NEW.profile_id),
      finished_modules = (SELECT COUNT(*) FROM module_progress
                          JOIN profile_modules ON profile_modules.prcm_id = module_progress.prcm_id
                          JOIN containers ON containers.pcc_id = profile_modules.pcc_id
                          WHERE module_progress.user_id = NEW.user_id AND containers.profile_id = NEW.profile_id)
      WHERE user_id = NEW.user_id AND profile_id = NEW.profile_id;
  END;
  CREATE TRIGGER progress_assignment_update AFTER UPDATE OF finished_modules, total_modules ON user_profiles BEGIN
    UPDATE users SET
      finished_modules = finished_modules + NEW.finished_modules - OLD.finished_modules,
      total_modules = total_modules + NEW.total_modules - OLD.total_modules
      WHERE id = NEW.user_id;
  END;
  CREATE TRIGGER progress_assignment_delete AFTER DELETE ON user_profiles BEGIN
    UPDATE users SET finished_modules = finished_modules - OLD.finished_modules, total_modules = total_modules - OLD.total_modules
      WHERE id = OLD.user_id;
  END;
  -- Last activity: a sign-in, a started or completed assessment, a saved form, a finished module.
  CREATE TRIGGER activity_sign_in AFTER INSERT ON tokens WHEN NEW.kind = 'applicant' BEGIN
    UPDATE users SET last_activity_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = NEW.user_id;
  END;
  CREATE TRIGGER activity_form_saved AFTER INSERT ON form_submissions BEGIN
    UPDATE users SET last_activity_at = NEW.saved_at
      WHERE id = NEW.user_id AND (last_activity_at IS NULL OR last_activity_at < NEW.saved_at);
  END;
  CREATE TRIGGER activity_engine AFTER UPDATE OF started_at, completed_at ON engine_sessions BEGIN
    UPDATE users SET last_activity_at = COALESCE(NEW.completed_at, NEW.started_at)
      WHERE id = NEW.user_id AND COALESCE(NEW.completed_at, NEW.started_at) IS NOT NULL
        AND (last_activity_at IS NULL OR last_activity_at < COALESCE(NEW.completed_at, NEW.started_at));
  END;
  -- The name as the search compares it: first-last and last-first, accents and case folded.
  CREATE TRIGGER search_name_insert AFTER INSERT ON users BEGIN
    UPDATE users SET search_name = ${SEARCH_NAME} WHERE id = NEW.id;
  END;
  CREATE TRIGGER search_name_update AFTER UPDATE OF first_name, last_name ON users BEGIN
    UPDATE users SET search_name = ${SEARCH_NAME} WHERE id = NEW.id;
  END;

  -- Existing data: the counters from the progress so far (the update trigger adds them up per user).
  UPDATE user_profiles SET
    total_modules = (SELECT COUNT(*) FROM profile_modules JOIN containers ON containers.pcc_id = profile_modules.pcc_id
                     WHERE containers.profile_id = user_profiles.profile_id),
    finished_modules = (SELECT COUNT(*) FROM module_progress
                        JOIN profile_modules ON profile_modules.prcm_id = module_progress.prcm_id
                        JOIN containers ON containers.pcc_id = profile_modules.pcc_id
                        WHERE module_progress.user_id = user_profiles.user_id AND containers.profile_id = user_profiles.profile_id);
  UPDATE users SET
    last_activity_at = (SELECT MAX(finished_at) FROM module_progress WHERE module_progress.user_id = users.id),
    search_name = ${SEARCH_NAME.replaceAll("NEW.", "users.")};
  `,
  // 4: activation links expire 7 days after they were written (decision 092); older ones from now on.
  `
  UPDATE user_hashes SET expires_at = CAST(strftime('%s', 'now') AS INTEGER) + 7 * 24 * 60 * 60
  WHERE purpose = 'activation' AND expires_at IS NULL;
  `,
  // 5: request limits of the mail and registration calls (decision 103, api/auth/request-limits.ts).
  `
  CREATE TABLE IF NOT EXISTS request_limits (
    id TEXT PRIMARY KEY,
    count INTEGER NOT NULL,
    reset_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS request_limits_reset_at ON request_limits (reset_at);
  CREATE TABLE IF NOT EXISTS request_limit_meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
  `,
  // 6: staged applicant imports of recruiters (decision 153, api/recruiter/create.ts): checked rows wait
  // here for the recruiter's confirmation, an hour at most.
  `
  CREATE TABLE IF NOT EXISTS recruiter_imports (
    id TEXT PRIMARY KEY,
    cstm TEXT NOT NULL,
    recruiter_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    rows_json TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('staged', 'imported')),
    result_json TEXT,
    created_at TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS recruiter_imports_expires_at ON recruiter_imports (expires_at);
  `,
  // 7: one-time codes of "test continue" (api/recruiter/continue.ts, docs/decisions/156): a
  // recruiter lets a station resume an applicant's test; stored as SHA-256 only, single use, minutes long.
  `
  CREATE TABLE IF NOT EXISTS continue_codes (
    code_sha256 TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    profile_id TEXT NOT NULL,
    cstm TEXT NOT NULL,
    recruiter_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    recruiter_user_name TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at TEXT
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS continue_codes_user ON continue_codes (user_id, profile_id);
  CREATE INDEX IF NOT EXISTS continue_codes_expires_at ON continue_codes (expires_at);
  `,
  // 8: the progress and summary figures at 10,000 applicants (docs/decisions/155): whether an
  // assignment's assessment has started and when its last module was finished are columns kept by
  // triggers, so the figures read user_profiles and users only, without a subquery per assignment.
  `
  ALTER TABLE user_profiles ADD COLUMN started INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE user_profiles ADD COLUMN last_finished_at TEXT;

  CREATE TRIGGER stats_finished_insert AFTER INSERT ON module_progress BEGIN
    UPDATE user_profiles SET last_finished_at = NEW.finished_at
      WHERE user_id = NEW.user_id AND profile_id = ${profileOf("NEW")}
        AND (last_finished_at IS NULL OR last_finished_at < NEW.finished_at);
  END;
  CREATE TRIGGER stats_finished_delete AFTER DELETE ON module_progress BEGIN
    UPDATE user_profiles SET last_finished_at = ${lastFinishedOf("OLD.user_id", "user_profiles.profile_id")}
      WHERE user_id = OLD.user_id AND profile_id = ${profileOf("OLD")};
  END;
  CREATE TRIGGER stats_finished_update AFTER UPDATE OF finished_at ON module_progress BEGIN
    UPDATE user_profiles SET last_finished_at = ${lastFinishedOf("NEW.user_id", "user_profiles.profile_id")}
      WHERE user_id = NEW.user_id AND profile_id = ${profileOf("NEW")};
  END;
  CREATE TRIGGER stats_session_insert AFTER INSERT ON engine_sessions WHEN NEW.started_at IS NOT NULL BEGIN
    UPDATE user_profiles SET started = 1 WHERE user_id = NEW.user_id AND profile_id = ${profileOf("NEW")};
  END;
  CREATE TRIGGER stats_session_update AFTER UPDATE OF started_at ON engine_sessions BEGIN
    UPDATE user_profiles SET started = ${startedOf("NEW.user_id", "user_profiles.profile_id")}
      WHERE user_id = NEW.user_id AND profile_id = ${profileOf("NEW")};
  END;
  CREATE TRIGGER stats_session_delete AFTER DELETE ON engine_sessions WHEN OLD.started_at IS NOT NULL BEGIN
    UPDATE user_profiles SET started = ${startedOf("OLD.user_id", "user_profiles.profile_id")}
      WHERE user_id = OLD.user_id AND profile_id = ${profileOf("OLD")};
  END;
  CREATE TRIGGER stats_assignment_insert AFTER INSERT ON user_profiles BEGIN
    UPDATE user_profiles SET
      started = ${startedOf("NEW.user_id", "NEW.profile_id")},
      last_finished_at = ${lastFinishedOf("NEW.user_id", "NEW.profile_id")}
      WHERE user_id = NEW.user_id AND profile_id = NEW.profile_id;
  END;

  -- Existing data.
  UPDATE user_profiles SET
    started = ${startedOf("user_profiles.user_id", "user_profiles.profile_id")},
    last_finished_at = ${lastFinishedOf("user_profiles.user_id", "user_profiles.profile_id")};
  `,
  // 9: applicants found by e-mail address (the password reset, decision 133): the address as lookups compare
  // it (spaces trimmed, ASCII case folded like the column's NOCASE) in a generated column, with an index
  // of the applicants only, so the lookup's plan cannot drift to scanning every applicant of the user base.
  `
  ALTER TABLE users ADD COLUMN email_key TEXT GENERATED ALWAYS AS (lower(trim(email))) VIRTUAL;
  CREATE INDEX users_applicant_email_key ON users (user_base, email_key) WHERE role = 'applicant';
  `,
  // 10: test setup (docs/decisions/157): a customer's open-until default per test, for the
  // assignments recruiters make, and the audit entries of setup changes (a profile, no applicant).
  `
  CREATE TABLE IF NOT EXISTS profile_settings (
    cstm TEXT NOT NULL,
    profile_id TEXT NOT NULL,
    open_until_days INTEGER CHECK (open_until_days BETWEEN 1 AND 365),
    updated_at TEXT NOT NULL,
    PRIMARY KEY (cstm, profile_id)
  ) WITHOUT ROWID;
  ALTER TABLE recruiter_audit ADD COLUMN profile_id TEXT;
  CREATE INDEX recruiter_audit_profile ON recruiter_audit (cstm, profile_id, id) WHERE profile_id IS NOT NULL;
  `,
  // 11: the norm values of the recruiter's figures at 10,000 applicants (docs/decisions/155): one
  // row per completed engine session with a norm value, with what the figures filter by (user base,
  // registration, profile) and count (scale, norm value), kept by triggers on engine_sessions. A covering
  // index answers each filter without reading the sessions or joining users and the catalogue.
  `
  CREATE TABLE IF NOT EXISTS stats_norms (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    prcm_id INTEGER NOT NULL,
    user_base TEXT NOT NULL,
    created_at TEXT NOT NULL,
    profile_id TEXT NOT NULL,
    comp_id INTEGER NOT NULL,
    norm_value INTEGER NOT NULL,
    PRIMARY KEY (user_id, prcm_id)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS stats_norms_profile ON stats_norms (user_base, profile_id, comp_id, norm_value, created_at);
  CREATE INDEX IF NOT EXISTS stats_norms_base ON stats_norms (user_base, comp_id, norm_value, created_at);

  CREATE TRIGGER stats_norms_insert AFTER INSERT ON engine_sessions BEGIN
    ${normRowOf("NEW")};
  END;
  CREATE TRIGGER stats_norms_update AFTER UPDATE OF completed_at, norm_value, user_id, prcm_id ON engine_sessions BEGIN
    DELETE FROM stats_norms WHERE user_id = OLD.user_id AND prcm_id = OLD.prcm_id;
    ${normRowOf("NEW")};
  END;
  CREATE TRIGGER stats_norms_delete AFTER DELETE ON engine_sessions BEGIN
    DELETE FROM stats_norms WHERE user_id = OLD.user_id AND prcm_id = OLD.prcm_id;
  END;

  -- Existing data.
  INSERT OR REPLACE INTO stats_norms (user_id, prcm_id, user_base, created_at, profile_id, comp_id, norm_value)
    SELECT u.id, pm.prcm_id, u.user_base, u.created_at, c.profile_id, pm.comp_id, es.norm_value
    FROM engine_sessions es JOIN users u ON u.id = es.user_id
    JOIN profile_modules pm ON pm.prcm_id = es.prcm_id JOIN containers c ON c.pcc_id = pm.pcc_id
    WHERE es.completed_at IS NOT NULL AND es.norm_value IS NOT NULL;
  `,
  // 12: the customer is the recruiter's boundary (docs/decisions/170). Customers can share a user base
  // (demo and demo-vor-ort), so the user base cannot say whose applicant someone is: every applicant
  // belongs to exactly one customer, the one they registered at or a recruiter created or imported them
  // at. Existing applicants: the customer of their `created` audit entry, else (self-registered or
  // seeded) the customer of their user base that takes registrations, then the one named like the user
  // base, then the first by name. The list's indexes and the figures' norm rows are keyed by customer.
  `
  ALTER TABLE users ADD COLUMN cstm TEXT REFERENCES customers(cstm);
  UPDATE users SET cstm = COALESCE(
    (SELECT a.cstm FROM recruiter_audit a JOIN customers c ON c.cstm = a.cstm AND c.user_base = users.user_base
     WHERE a.applicant_id = users.id AND a.action = 'created' ORDER BY a.id LIMIT 1),
    (SELECT c.cstm FROM customers c WHERE c.user_base = users.user_base
     ORDER BY json_extract(c.config_json, CASE WHEN users.anonymous = 1 THEN '$.enableAnonRegistration' ELSE '$.enableRegistration' END) IS 1 DESC,
       c.cstm = c.user_base DESC, c.cstm
     LIMIT 1))
  WHERE role = 'applicant';

  CREATE TRIGGER users_customer_insert BEFORE INSERT ON users WHEN NEW.role = 'applicant' BEGIN
    ${REQUIRE_APPLICANT_CUSTOMER};
  END;
  CREATE TRIGGER users_customer_update BEFORE UPDATE OF cstm, user_base, role ON users WHEN NEW.role = 'applicant' BEGIN
    ${REQUIRE_APPLICANT_CUSTOMER};
  END;

  DROP INDEX users_list_name;
  DROP INDEX users_list_registered;
  DROP INDEX users_list_activity;
  DROP INDEX users_list_progress;
  CREATE INDEX users_list_name ON users (cstm, role, last_name IS NULL, last_name COLLATE NOCASE, first_name COLLATE NOCASE, user_name);
  CREATE INDEX users_list_registered ON users (cstm, role, created_at);
  CREATE INDEX users_list_activity ON users (cstm, role, last_activity_at);
  CREATE INDEX users_list_progress ON users (cstm, role,
    (CASE WHEN total_modules > 0 THEN (MIN(finished_modules, total_modules) * 100) / total_modules ELSE 0 END));

  DROP TRIGGER stats_norms_insert;
  DROP TRIGGER stats_norms_update;
  DROP TRIGGER stats_norms_delete;
  DROP TABLE stats_norms;
  CREATE TABLE stats_norms (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    prcm_id INTEGER NOT NULL,
    cstm TEXT NOT NULL,
    created_at TEXT NOT NULL,
    profile_id TEXT NOT NULL,
    comp_id INTEGER NOT NULL,
    norm_value INTEGER NOT NULL,
    PRIMARY KEY (user_id, prcm_id)
  ) WITHOUT ROWID;
  CREATE INDEX stats_norms_profile ON stats_norms (cstm, profile_id, comp_id, norm_value, created_at);
  CREATE INDEX stats_norms_customer ON stats_norms (cstm, comp_id, norm_value, created_at);

  CREATE TRIGGER stats_norms_insert AFTER INSERT ON engine_sessions BEGIN
    ${customerNormRowOf("NEW")};
  END;
  CREATE TRIGGER stats_norms_update AFTER UPDATE OF completed_at, norm_value, user_id, prcm_id ON engine_sessions BEGIN
    DELETE FROM stats_norms WHERE user_id = OLD.user_id AND prcm_id = OLD.prcm_id;
    ${customerNormRowOf("NEW")};
  END;
  CREATE TRIGGER stats_norms_delete AFTER DELETE ON engine_sessions BEGIN
    DELETE FROM stats_norms WHERE user_id = OLD.user_id AND prcm_id = OLD.prcm_id;
  END;
  CREATE TRIGGER stats_norms_customer AFTER UPDATE OF cstm ON users BEGIN
    UPDATE stats_norms SET cstm = NEW.cstm WHERE user_id = NEW.id;
  END;

  -- Existing data.
  INSERT OR REPLACE INTO stats_norms (user_id, prcm_id, cstm, created_at, profile_id, comp_id, norm_value)
    SELECT u.id, pm.prcm_id, u.cstm, u.created_at, c.profile_id, pm.comp_id, es.norm_value
    FROM engine_sessions es JOIN users u ON u.id = es.user_id
    JOIN profile_modules pm ON pm.prcm_id = es.prcm_id JOIN containers c ON c.pcc_id = pm.pcc_id
    WHERE u.cstm IS NOT NULL AND es.completed_at IS NOT NULL AND es.norm_value IS NOT NULL;
  `,
  // 13: the wrong continue codes of the last minutes per customer, for its ceiling (docs/decisions/170,
  // api/recruiter/continue-ceiling.ts): a hash of the client address, never the address or the code.
  `
  CREATE TABLE IF NOT EXISTS continue_code_failures (
    id INTEGER PRIMARY KEY,
    cstm TEXT NOT NULL,
    client_key TEXT NOT NULL,
    at_ms INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS continue_code_failures_customer ON continue_code_failures (cstm, at_ms);
  `,
  // 14: erased applicants (docs/decisions/181): the anonymised row stays for the statistics; every recruiter call
  // passes it by.
  `
  ALTER TABLE users ADD COLUMN erased_at TEXT;
  `,
  // 15: a recruiter's saved views of the applicant list (docs/decisions/188): theirs alone, per customer, a name
  // unique without regard to case. A view is the list's query string, never applicant data.
  `
  CREATE TABLE recruiter_views (
    id INTEGER PRIMARY KEY,
    recruiter_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    cstm TEXT NOT NULL REFERENCES customers(cstm),
    name TEXT NOT NULL,
    query TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE UNIQUE INDEX recruiter_views_name ON recruiter_views (recruiter_id, cstm, name COLLATE NOCASE);
  `,
  // 16: automatic reminders (docs/decisions/186): a customer's settings per test, off by default, and the ledger of
  // reminders sent. Its UNIQUE key is the claim: the instance whose insert took writes the mail, in the same
  // transaction, so app instances on one database never send a reminder twice.
  `
  CREATE TABLE IF NOT EXISTS reminder_settings (
    cstm TEXT NOT NULL,
    profile_id TEXT NOT NULL,
    enabled INTEGER NOT NULL DEFAULT 0,
    days_before_open_until INTEGER CHECK (days_before_open_until BETWEEN 1 AND 90),
    days_after_invitation INTEGER CHECK (days_after_invitation BETWEEN 1 AND 90),
    updated_at TEXT NOT NULL,
    PRIMARY KEY (cstm, profile_id)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS reminder_sends (
    id INTEGER PRIMARY KEY,
    cstm TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    profile_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('open_until', 'not_activated')),
    due_on TEXT NOT NULL,
    mail_id INTEGER,
    sent_at TEXT NOT NULL,
    UNIQUE (user_id, profile_id, kind, due_on)
  );
  CREATE INDEX IF NOT EXISTS reminder_sends_profile ON reminder_sends (cstm, profile_id, sent_at);
  `,
  // 17: shortlisting (docs/decisions/185): one rating per applicant and test, set by any recruiter of the
  // applicant's customer, and notes per applicant and test. Both are personal data about the applicant:
  // they go with the account (ON DELETE CASCADE), erasure deletes them, the Art. 15 export carries them. The
  // author's user name is kept beside the id, as the audit log keeps it. The list filters by rating of a test.
  `
  CREATE TABLE IF NOT EXISTS applicant_ratings (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    profile_id TEXT NOT NULL,
    rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    recruiter_id INTEGER NOT NULL,
    recruiter_user_name TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (user_id, profile_id)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS applicant_notes (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    profile_id TEXT NOT NULL,
    recruiter_id INTEGER NOT NULL,
    recruiter_user_name TEXT NOT NULL,
    text TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS applicant_notes_user ON applicant_notes (user_id, profile_id, id);
  `,
  // 18: every view of a Form module issues a submission token and purges the expired ones (R-FORM-01, 12 hours):
  // without an index the purge read every token of the last 12 hours on every view, and erasing an applicant
  // (the cascade by user, docs/decisions/181) read them all as well.
  `
  CREATE INDEX IF NOT EXISTS form_submission_tokens_expires_at ON form_submission_tokens (expires_at);
  CREATE INDEX IF NOT EXISTS form_submission_tokens_user ON form_submission_tokens (user_id);
  `,
  // 19: a form view hands out a signed submission token instead of writing one (docs/decisions/196): the
  // tokens' table goes, and the database gets the signing key, made once, so every process on this file
  // accepts the same tokens and a restart keeps them valid.
  `
  DROP TABLE IF EXISTS form_submission_tokens;
  CREATE TABLE IF NOT EXISTS api_keys (
    name TEXT PRIMARY KEY,
    key BLOB NOT NULL
  ) WITHOUT ROWID;
  INSERT OR IGNORE INTO api_keys (name, key) VALUES ('form-submission', randomblob(32));
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Applies the migrations the database has not seen yet, each in its own transaction; `target` stops
 * earlier (tests build a database as an older release left it).
 */
export function migrate(db: Db, target = SCHEMA_VERSION): number {
  const current = db.pragma("user_version", { simple: true }) as number;
  if (current > SCHEMA_VERSION) {
    throw new Error(`API database schema version ${current} is newer than this code (${SCHEMA_VERSION})`);
  }
  for (let version = current; version < target; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version]);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
  return Math.max(0, target - current);
}
