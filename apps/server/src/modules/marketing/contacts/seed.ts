import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Db, type Scope, seedData } from '../../../kernel/resources';
import {
  CHANNELS,
  type Channel,
  type ConsentStatus,
  marketingConsentEvents,
  marketingContacts,
  marketingSuppressions,
} from '../tables/contacts';

// The demo community's audience: 3,000 believable contacts across ten countries (names, E.164
// mobile numbers, emails, language, tags, plan and city), consent mixes per channel with their
// events, a few suppressed addresses, activity spread over the last year. Generated from a fixed
// seed (the same every time) and written with multi-row inserts, so the demo seed stays fast.

const COUNT = 3_000;
const CHUNK = 500;

/** Per country: language, cities, first and last names, the calling code, a mobile number's
 * national part (its prefixes and how many digits follow) and the email domain. */
const COUNTRIES = seedData(
  new URL('./seed-countries.json', import.meta.url),
  z.array(
    z.object({
      code: z.string().length(2),
      language: z.string(),
      dial: z.string().regex(/^\d+$/),
      mobile: z.tuple([z.array(z.string().regex(/^\d+$/)).min(1), z.number().int().positive()]),
      domain: z.string(),
      cities: z.array(z.string()).min(1),
      first: z.array(z.string()).min(1),
      last: z.array(z.string()).min(1),
    }),
  ),
);

const TAGS = [
  'architecture firm',
  'builder',
  'home owner',
  'interior designer',
  'distributor',
  'newsletter',
  'trade show 2026',
  'vip',
  'catalogue download',
  'site visit',
];
const PLANS = ['free', 'starter', 'pro', 'enterprise'];
const SOURCES = ['website', 'import', 'landing_page', 'shop', 'event', 'whatsapp', 'console'] as const;
const FORMS: Record<(typeof SOURCES)[number], string> = {
  website: 'website newsletter form',
  import: 'import',
  landing_page: 'landing page signup',
  shop: 'shop checkout',
  event: 'event registration',
  whatsapp: 'whatsapp',
  console: 'console',
};

/** A small deterministic generator (mulberry32): the same demo data on every seed. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join('');
  return { next, pick, digits };
}

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.');

/** Email consent is the most given, push the least; a few opted out. */
function consentFor(r: number, given: number, withdrawn: number): ConsentStatus {
  if (r < given) return 'opted_in';
  if (r < given + withdrawn) return 'opted_out';
  return 'unknown';
}

export async function seedContacts(_app: FastifyInstance, scope: Scope) {
  await scope.db.withTenant(scope.tenantId, (tx) => seedInto(tx, scope.tenantId));
}

async function seedInto(tx: Db, tenantId: string) {
  const g = generator(14_2026);
  const now = Date.now();
  const day = 86_400_000;
  const rows: (typeof marketingContacts.$inferInsert)[] = [];
  for (let i = 0; i < COUNT; i++) {
    const country = g.pick(COUNTRIES);
    const first = g.pick(country.first);
    const last = g.pick(country.last);
    const source = g.pick(SOURCES);
    const [prefixes, digits] = country.mobile;
    const phone = g.next() < 0.85 ? `+${country.dial}${g.pick(prefixes)}${g.digits(digits)}` : null;
    const email = phone && g.next() < 0.15 ? null : `${ascii(first)}.${ascii(last)}.${i + 1}@${country.domain}`;
    const createdAt = new Date(now - Math.floor(g.next() * 540) * day);
    const activeDaysAgo = Math.floor(g.next() * 365);
    const tags = TAGS.filter(() => g.next() < 0.18);
    rows.push({
      tenantId,
      name: `${first} ${last}`,
      email,
      phone,
      whatsapp: phone && g.next() < 0.6 ? phone : null,
      country: country.code,
      language: country.language,
      tags,
      attributes: {
        plan: g.pick(PLANS),
        city: g.pick(country.cities),
        ...(g.next() < 0.3 ? { company_size: g.pick(['1-10', '11-50', '51-200', '200+']) } : {}),
      },
      source,
      createdAt,
      updatedAt: createdAt,
      lastActivityAt: new Date(Math.max(createdAt.getTime(), now - activeDaysAgo * day)),
      emailConsent: email ? consentFor(g.next(), 0.62, 0.08) : 'unknown',
      smsConsent: phone ? consentFor(g.next(), 0.35, 0.07) : 'unknown',
      whatsappConsent: phone ? consentFor(g.next(), 0.45, 0.05) : 'unknown',
      pushConsent: consentFor(g.next(), 0.2, 0.03),
    });
  }
  const events: (typeof marketingConsentEvents.$inferInsert)[] = [];
  const suppressions: (typeof marketingSuppressions.$inferInsert)[] = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    // Examples of the resource may hold a generated number: those contacts are skipped, not doubled.
    const inserted = await tx.insert(marketingContacts).values(chunk).onConflictDoNothing().returning();
    for (const contact of inserted) {
      for (const channel of CHANNELS) {
        const status = contact[`${channel}Consent` as const];
        if (status === 'unknown') continue;
        const given = new Date(contact.createdAt.getTime() + 60_000);
        events.push({
          tenantId,
          contactId: contact.id,
          channel,
          status: 'opted_in',
          source: FORMS[contact.source as (typeof SOURCES)[number]] ?? 'console',
          ip: contact.source === 'import' || contact.source === 'console' ? null : `203.0.113.${(events.length % 250) + 1}`,
          createdAt: given,
          updatedAt: given,
        });
        if (status === 'opted_out') {
          const left = new Date(Math.min(now, given.getTime() + 30 * day));
          events.push({
            tenantId,
            contactId: contact.id,
            channel,
            status,
            source: 'unsubscribe link',
            ip: '198.51.100.7',
            createdAt: left,
            updatedAt: left,
          });
          const address = addressFor(contact, channel);
          if (address)
            suppressions.push({
              tenantId,
              channel,
              address,
              reason: 'unsubscribed',
              contactId: contact.id,
              createdAt: left,
              updatedAt: left,
            });
        }
      }
    }
    // A handful of bounces and complaints among the rest.
    for (const contact of inserted.filter((c, k) => c.email && c.emailConsent === 'opted_in' && k % 97 === 0)) {
      suppressions.push({
        tenantId,
        channel: 'email',
        address: contact.email!,
        reason: contact.id < 'c' ? 'complained' : 'bounced',
        contactId: contact.id,
        note: 'Reported by the mail provider',
      });
    }
  }
  for (let start = 0; start < events.length; start += 2_000) {
    await tx.insert(marketingConsentEvents).values(events.slice(start, start + 2_000));
  }
  for (let start = 0; start < suppressions.length; start += 1_000) {
    await tx
      .insert(marketingSuppressions)
      .values(suppressions.slice(start, start + 1_000))
      .onConflictDoNothing();
  }
}

function addressFor(contact: typeof marketingContacts.$inferSelect, channel: Channel): string | null {
  if (channel === 'email') return contact.email;
  if (channel === 'sms') return contact.phone;
  if (channel === 'whatsapp') return contact.whatsapp ?? contact.phone;
  return null;
}
