/** Mail surface: email through the outbox (SMTP when configured). The mailer is `app.mailer`. */
export type { Email, Mailer } from './mailer';
