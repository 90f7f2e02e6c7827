import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database, Db } from '../db/database';
import { NOBODY, rolledBack } from '../db/rolled-back';
import { preparedStatement } from '../db/select-rows';
import { afterCommit } from '../db/unit-of-work';
import { writeAppLog } from '../events/logs';
import type { Jobs } from '../jobs/jobs';
import { outbox } from './tables';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Carries a secret (a one-time code): the outbox keeps only a redacted copy (so neither reading nor
   * searching it reveals the secret); the real message travels sealed in the delivery job, or without
   * SMTP lands in the development mail drop (DATA_DIR/mail-drop, 0600), which no API reads.
   */
  sensitive?: boolean;
}

type Content = Pick<Email, 'subject' | 'text' | 'html'>;

const DELIVER = 'email.deliver';
export const REDACTED = {
  subject: 'One-time code (hidden)',
  text: 'This message held a one-time code. It went to the recipient only; the outbox keeps no copy of the code.',
};

/** AES-256-GCM with a key derived from the server secret: what the delivery job carries for a secret. */
function sealer(secret: string) {
  const key = createHash('sha256').update(`atrium-mail-seal:${secret}`).digest();
  return {
    seal(content: Content): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(content), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed: string): Content {
      const raw = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as Content;
    },
  };
}

/** The development mail drop: where a secret message goes when there is no SMTP. */
export const mailDropDir = (dataDir: string) => join(dataDir, 'mail-drop');

/**
 * An email's outbox row: an insert whose values are placeholders (`tenantId` and those of
 * `mailer.emailValues(email)`), returning its id. The mailer runs it as a statement of its own; a
 * hot write puts it in its own statement instead (a CTE), then calls `mailer.recorded`.
 */
export const emailOutboxInsert = sql`insert into ${outbox} (tenant_id, channel, "to", subject, text, html, status, sensitive)
    values (${sql.placeholder('tenantId')}, 'email', ${sql.placeholder('mailTo')}, ${sql.placeholder('mailSubject')},
            ${sql.placeholder('mailText')}, ${sql.placeholder('mailHtml')}, ${sql.placeholder('mailStatus')}, ${sql.placeholder('mailSensitive')})
    returning id`;
const recordEmail = preparedStatement('outbox:email', () => emailOutboxInsert);

/**
 * Email: every message is recorded in the community's outbox. With SMTP_URL set a job delivers it
 * through nodemailer and marks it sent or failed; without, it stays in the outbox for development.
 */
export function createMailer(db: Database, jobs: Jobs, options: { smtpUrl?: string; from: string; secret: string; dataDir: string }) {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const { seal, open } = sealer(options.secret);

  function drop(id: string, to: string, content: Content) {
    const dir = mailDropDir(options.dataDir);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dir, `${id}.json`), JSON.stringify({ id, to, ...content, createdAt: new Date().toISOString() }), { mode: 0o600 });
  }

  /** The values of an email's outbox row (a redacted copy when it carries a secret). */
  const emailValues = (email: Email) => ({
    mailTo: email.to,
    mailSubject: email.sensitive ? REDACTED.subject : email.subject,
    mailText: email.sensitive ? REDACTED.text : email.text,
    mailHtml: email.sensitive ? null : (email.html ?? null),
    mailStatus: transport ? 'queued' : 'outbox',
    mailSensitive: email.sensitive ?? false,
  });
  /** The outbox row of a message; its id. */
  const record = async (tx: Db, tenantId: string, email: Email): Promise<string> => {
    const [[id]] = await recordEmail.raw(tx, { tenantId, ...emailValues(email) });
    return id as string;
  };

  jobs.handle<{ tenantId: string; id: string; sealed?: string }>(DELIVER, async ({ tenantId, id, sealed }) => {
    if (!transport) return;
    const [message] = await db.withTenant(tenantId, (tx) =>
      tx
        .select()
        .from(outbox)
        .where(and(eq(outbox.tenantId, tenantId), eq(outbox.id, id)))
        .limit(1),
    );
    if (!message || message.status === 'sent') return;
    try {
      const content = sealed ? open(sealed) : { subject: message.subject ?? '', text: message.text, html: message.html ?? undefined };
      await transport.sendMail({ from: options.from, to: message.to, subject: content.subject, text: content.text, html: content.html });
      await db.withTenant(tenantId, (tx) =>
        tx
          .update(outbox)
          .set({ status: 'sent', sentAt: new Date(), attempts: sql`${outbox.attempts} + 1`, error: null })
          .where(and(eq(outbox.tenantId, tenantId), eq(outbox.id, id))),
      );
    } catch (err) {
      const reason = (err as Error).message ?? String(err);
      // The log entry first: whoever sees the row failed also finds why in the log.
      await writeAppLog(db, tenantId, {
        kind: 'error',
        level: 'error',
        message: `Email to ${message.to} failed: ${reason}`,
        code: 'email_failed',
      });
      await db.withTenant(tenantId, (tx) =>
        tx
          .update(outbox)
          .set({ status: 'failed', attempts: sql`${outbox.attempts} + 1`, error: reason.slice(0, 1000) })
          .where(and(eq(outbox.tenantId, tenantId), eq(outbox.id, id))),
      );
      throw err;
    }
  });

  return {
    get transport() {
      return transport ? 'smtp' : 'outbox';
    },
    /**
     * Records the email in the write's transaction `tx` and queues its delivery there too: it goes
     * out once the transaction commits, and never if it rolls back. Returns the outbox id.
     */
    async enqueue(tx: Db, tenantId: string, email: Email): Promise<string> {
      const id = await record(tx, tenantId, email);
      await this.recorded(tx, tenantId, id, email);
      return id;
    },
    /** The values of `emailOutboxInsert` for an email, when a write records it in its own statement. */
    emailValues,
    /** After a write's statement recorded the email (`emailOutboxInsert`, row `id`): its delivery queued in that transaction. */
    async recorded(tx: Db, tenantId: string, id: string, email: Email): Promise<void> {
      const content = { subject: email.subject, text: email.text, html: email.html };
      if (transport) await jobs.enqueue(tx, tenantId, DELIVER, { tenantId, id, ...(email.sensitive ? { sealed: seal(content) } : {}) });
      else if (email.sensitive) afterCommit(() => drop(id, email.to, content));
    },
    /** An email on its own (no other write): its own transaction. Returns the outbox id. */
    send(tenantId: string, email: Email): Promise<string> {
      return db.withTenant(tenantId, (tx) => this.enqueue(tx, tenantId, email));
    },
    /**
     * The work of `send` without its effect: the same insert in a transaction that is rolled back, and
     * the same sealing. Answers that must not tell whether an account exists do this instead of sending.
     */
    async rehearse(email: Email): Promise<void> {
      await rolledBack(db, NOBODY, async (tx) => {
        await record(tx, NOBODY, email);
        seal({ subject: email.subject, text: email.text, html: email.html });
      });
    },
    async close() {
      transport?.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
