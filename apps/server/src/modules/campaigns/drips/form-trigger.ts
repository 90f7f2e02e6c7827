import { and, eq, sql } from 'drizzle-orm';
import type { DomainEvent, SubscriberContext } from '../../../kernel/events';
import { queryRows, tenantFilter } from '../../../kernel/resources';
import { contactsOf } from '../engine/lifecycle';
import { campaignDrips, type DripStep } from '../tables';

const MINUTE = 60_000;

/**
 * A public form was submitted (the kit's `forms.submitted`, after its commit, once per event): the
 * submitter enters every active drip of the community started by that form — found or created as a
 * marketing contact through the `contacts` port with the consent the form gave, and enrolled only
 * where they may be sent to on the drip's channel (consent given now or before, not suppressed).
 * One enrolment per drip and contact: a second submission does not start them again.
 */
export async function enrolFromForm(event: DomainEvent<'forms.submitted'>, { tx, tenantId, app }: SubscriberContext) {
  const { form, contact, consent, proof } = event.payload;
  if (!contact || (!contact.email && !contact.phone)) return;
  const d = campaignDrips;
  const drips = await tx
    .select({ id: d.id, trigger: d.trigger, steps: d.steps })
    .from(d)
    .where(
      and(tenantFilter(d, tenantId), eq(d.status, 'active'), sql`${d.trigger}->>'kind' = 'form'`, sql`${d.trigger}->>'form' = ${form}`),
    );
  const runnable = drips.filter((x) => x.steps.length > 0);
  if (runnable.length === 0) return;
  const given = Object.fromEntries(
    Object.entries(consent)
      .filter(([, yes]) => yes)
      .map(([channel]) => [channel, 'opted_in' as const]),
  );
  const { contactId } = await app.ports
    .get('contacts')
    .take(tx, tenantId, { name: contact.name, email: contact.email, phone: contact.phone, consent: given }, 'website', {
      source: proof.source,
      ip: proof.ip,
      userAgent: proof.userAgent,
    });
  const sending = contactsOf(app);
  const now = new Date(event.occurredAt);
  for (const drip of runnable) {
    const channel = drip.trigger.channel;
    const sendable = await sending.stillSendable(tx, tenantId, channel, [contactId]);
    if (!sendable.has(contactId)) continue;
    const first = (drip.steps as DripStep[])[0];
    const nextAt = new Date(Math.max(now.getTime(), Date.now()) + first.delayMinutes * MINUTE);
    const inserted = await queryRows<{ id: string }>(
      tx,
      sql`
        insert into campaign_drip_enrolments (tenant_id, drip_id, contact_id, next_at)
        values (${tenantId}, ${drip.id}, ${contactId}, ${nextAt.toISOString()}::timestamptz)
        on conflict (tenant_id, drip_id, contact_id) do nothing
        returning id`,
    );
    if (inserted.length > 0)
      await tx
        .update(d)
        .set({ enrolledCount: sql`${d.enrolledCount} + 1` })
        .where(and(tenantFilter(d, tenantId), eq(d.id, drip.id)));
  }
}
