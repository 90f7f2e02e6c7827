/**
 * Mail surface: email through the outbox (SMTP when configured), `app.mailer`. Inside a write,
 * `app.mailer.enqueue(tx, tenantId, email)` records it in that transaction; it goes out after the commit.
 */
export type { Email, Mailer } from './mailer';
