import { and, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../db/database';
import { writeAppLog } from '../events/logs';
import type { Jobs } from '../jobs/jobs';
import { outbox } from './tables';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Carries a secret (a one-time code): hidden in the outbox from everyone but the owner. */
  sensitive?: boolean;
}

const DELIVER = 'email.deliver';

/**
 * Email: every message is recorded in the community's outbox. With SMTP_URL set a job delivers it
 * through nodemailer and marks it sent or failed; without, it stays in the outbox for development.
 */
export function createMailer(db: Database, jobs: Jobs, options: { smtpUrl?: string; from: string }) {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;

  jobs.handle<{ tenantId: string; id: string }>(DELIVER, async ({ tenantId, id }) => {
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
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject ?? '',
        text: message.text,
        html: message.html ?? undefined,
      });
      await db.withTenant(tenantId, (tx) =>
        tx
          .update(outbox)
          .set({ status: 'sent', sentAt: new Date(), attempts: sql`${outbox.attempts} + 1`, error: null })
          .where(and(eq(outbox.tenantId, tenantId), eq(outbox.id, id))),
      );
    } catch (err) {
      const reason = (err as Error).message ?? String(err);
      await db.withTenant(tenantId, (tx) =>
        tx
          .update(outbox)
          .set({ status: 'failed', attempts: sql`${outbox.attempts} + 1`, error: reason.slice(0, 1000) })
          .where(and(eq(outbox.tenantId, tenantId), eq(outbox.id, id))),
      );
      await writeAppLog(db, tenantId, {
        kind: 'error',
        level: 'error',
        message: `Email to ${message.to} failed: ${reason}`,
        code: 'email_failed',
      });
      throw err;
    }
  });

  return {
    get transport() {
      return transport ? 'smtp' : 'outbox';
    },
    /** Records the email and queues its delivery. Returns the outbox id. */
    async send(tenantId: string, email: Email): Promise<string> {
      const [row] = await db.withTenant(tenantId, (tx) =>
        tx
          .insert(outbox)
          .values({
            tenantId,
            channel: 'email',
            to: email.to,
            subject: email.subject,
            text: email.text,
            html: email.html ?? null,
            status: transport ? 'queued' : 'outbox',
            sensitive: email.sensitive ?? false,
          })
          .returning({ id: outbox.id }),
      );
      if (transport) await jobs.send(DELIVER, { tenantId, id: row.id });
      return row.id;
    },
    async close() {
      transport?.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
