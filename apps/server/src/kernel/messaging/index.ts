/**
 * Mail surface: email through the outbox (SMTP when configured), `app.mailer`. Inside a write,
 * `app.mailer.enqueue(tx, tenantId, email)` records it in that transaction; it goes out after the commit.
 * A hot write may record it in its own statement instead: `emailOutboxInsert` as a CTE with the values
 * of `app.mailer.emailValues(email)`, then `app.mailer.recorded(tx, tenantId, id, email)`.
 */
export { type Email, emailOutboxInsert, type Mailer } from './mailer';
/**
 * Outbound HTTP to addresses a community configured (SMS gateways, WhatsApp's Graph address, media
 * it links): `outboundFor(db)` (also `app.outbound`) calls only public https addresses unless the
 * installation allows more (OUTBOUND_ALLOW_HOSTS, OUTBOUND_ALLOW_HTTP); `check(url)` says why not at save.
 */
export { type Outbound, OutboundError, type OutboundInit, type OutboundResponse, outboundFor } from './outbound';
