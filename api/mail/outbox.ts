import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "pino";
import { statement, type Db } from "../db/connection";
import type { MailContent, MailKind } from "./templates";

/**
 * Every mail the API sends is first a row of mail_outbox (readable at GET /api/dev/outbox in demo
 * mode); with SMTP_URL it is also sent by nodemailer. Sending never fails the call that wrote it.
 * Outside demo mode the row keeps the mail without the secret of its link: the link hashes are
 * stored only as SHA-256 (user_hashes), and a copy of the database must not hold live reset links.
 */
export interface Mail {
  cstm: string;
  userId: number | null;
  userName: string | null;
  to: string;
  kind: MailKind;
  /** Root-relative app path (/{cstm}/activation/…); made absolute with appBaseUrl. */
  linkPath: string;
  /** Subject and text for the absolute link. */
  content: (link: string) => MailContent;
}

export interface OutboxEntry {
  id: number;
  to: string;
  userName: string | null;
  kind: MailKind;
  subject: string;
  text: string;
  link: string;
  createdAt: string;
}

const LINK_SECRET = /(\/(?:activation|reset-password)\/)[^/?#]+/;

/** Writes the mail's row and returns the mail as it is to be sent (with its real link). */
export function insertMail(
  db: Db,
  mail: Mail,
  baseUrl: string,
  now: Date,
  options: { keepLinkSecrets: boolean },
): { id: number } & MailContent {
  const link = baseUrl + mail.linkPath;
  const content = mail.content(link);
  const storedLink = options.keepLinkSecrets ? link : baseUrl + mail.linkPath.replace(LINK_SECRET, "$1[redacted]");
  const stored = options.keepLinkSecrets ? content : mail.content(storedLink);
  const result = statement(
    db,
    `INSERT INTO mail_outbox (cstm, user_id, user_name, to_address, kind, subject, text, link, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(mail.cstm, mail.userId, mail.userName, mail.to, mail.kind, stored.subject, stored.text, storedLink, now.toISOString());
  return { id: Number(result.lastInsertRowid), ...content };
}

export interface Outbox {
  write(mail: Mail): number;
  /**
   * Writes the mail's row only, for a caller's transaction (the reminder ledger's claim, docs/decisions/186);
   * `deliver` sends it over SMTP once the transaction has committed.
   */
  insert(mail: Mail, now: Date): { id: number; deliver: () => void };
  list(to?: string): OutboxEntry[];
  close(): Promise<void>;
}

export function createOutbox(
  db: Db,
  options: { smtpUrl?: string; appBaseUrl: () => string; logger: Logger; keepLinkSecrets: boolean },
): Outbox {
  let transport: Transporter | undefined;
  if (options.smtpUrl) transport = nodemailer.createTransport(options.smtpUrl);
  const pending = new Set<Promise<unknown>>();
  const markSent = db.prepare("UPDATE mail_outbox SET sent_at = ?, send_error = NULL WHERE id = ?");
  const markFailed = db.prepare("UPDATE mail_outbox SET send_error = ? WHERE id = ?");

  function send(id: number, mail: Mail, content: MailContent) {
    if (!transport) return;
    let from = "no-reply@localhost";
    try {
      from = `no-reply@${new URL(options.appBaseUrl()).hostname}`;
    } catch {
      // appBaseUrl is not known yet (before listen): keep localhost.
    }
    const sending = transport
      .sendMail({ from, to: mail.to, subject: content.subject, text: content.text })
      .then(() => markSent.run(new Date().toISOString(), id))
      .catch((error: unknown) => {
        options.logger.warn({ mailId: id, kind: mail.kind, err: error }, "mail could not be sent");
        markFailed.run(String((error as Error)?.message ?? error).slice(0, 500), id);
      })
      .finally(() => pending.delete(sending));
    pending.add(sending);
  }

  return {
    write(mail) {
      const { id, ...content } = insertMail(db, mail, options.appBaseUrl(), new Date(), options);
      send(id, mail, content);
      return id;
    },
    insert(mail, now) {
      const { id, ...content } = insertMail(db, mail, options.appBaseUrl(), now, options);
      return { id, deliver: () => send(id, mail, content) };
    },
    list(to) {
      const rows = db
        .prepare(
          `SELECT id, to_address, user_name, kind, subject, text, link, created_at FROM mail_outbox
           WHERE ? IS NULL OR to_address = ? COLLATE NOCASE OR user_name = ? COLLATE NOCASE
           ORDER BY id DESC LIMIT 500`,
        )
        .all(to ?? null, to ?? null, to ?? null) as {
        id: number;
        to_address: string;
        user_name: string | null;
        kind: MailKind;
        subject: string;
        text: string;
        link: string;
        created_at: string;
      }[];
      const base = options.appBaseUrl();
      return rows.map((row) => {
        // Mails written before the app's origin was known (the seed) hold a root-relative link.
        const relative = row.link.startsWith("/");
        return {
          id: row.id,
          to: row.to_address,
          userName: row.user_name,
          kind: row.kind,
          subject: row.subject,
          text: relative ? row.text.split(row.link).join(base + row.link) : row.text,
          link: relative ? base + row.link : row.link,
          createdAt: row.created_at,
        };
      });
    },
    async close() {
      await Promise.allSettled([...pending]);
      transport?.close();
    },
  };
}
