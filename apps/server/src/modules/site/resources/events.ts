import { gte, lt, sql } from 'drizzle-orm';
import { after, autoSlug, defineResource, errors, steps } from '../../../kernel/resources';
import { publishing, sanitize } from '../services/hooks';
import { siteEvents } from '../tables';
import { draftAttention, inputs, pageInput, pageUi, publishedScope, seoInput } from './common';

/** When an event is over: its end, or its start when it has none. */
const eventEnd = sql`coalesce(${siteEvents.endsAt}, ${siteEvents.startsAt})`;

const inDays = (days: number, hour: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};

/** The sample expo a month from now, named after the year it takes place in. */
const EXPO_STARTS = inDays(30, 4);
export const SAMPLE_EXPO = `Architecture & Interiors Expo ${EXPO_STARTS.getUTCFullYear()}`;

/** Exhibitions, launches and dealer meets: upcoming ones take registrations, past ones get photos. */
export const eventsResource = defineResource({
  path: 'site/events',
  module: 'site',
  table: siteEvents,
  label: { singular: 'Event', plural: 'Events' },
  input: {
    title: inputs.title,
    slug: inputs.slug,
    ...pageInput,
    venue: (s) => s.trim().max(200),
    address: (s) => s.trim().max(500),
    city: inputs.city,
    coverImage: inputs.image,
    images: inputs.images,
    pastImages: inputs.images,
    capacity: (s) => s.int().min(1).max(1_000_000),
    ...seoInput,
  },
  scopes: {
    ...publishedScope(siteEvents),
    /** Not over yet (an event without an end is over when it starts). */
    upcoming: (now) => gte(eventEnd, now),
    past: (now) => lt(eventEnd, now),
  },
  list: {
    search: ['title', 'venue', 'city', { field: 'description', kind: 'fulltext' }],
    filters: ['status', 'registrationOpen', 'startsAt'],
    sort: ['startsAt', 'title'],
    defaultSort: '-startsAt',
  },
  fields: {
    ...pageUi,
    startsAt: { widget: 'datetime', label: 'Starts' },
    endsAt: { widget: 'datetime', label: 'Ends' },
    pastImages: { widget: 'image', label: 'Photos from the event' },
    registrationOpen: { widget: 'switch', label: 'Registration open' },
  },
  ui: {
    attention: draftAttention,
    title: 'title',
    columns: ['coverImage', 'title', 'startsAt', 'venue', 'status', 'registrationOpen'],
  },
  hooks: {
    beforeWrite: steps(autoSlug(siteEvents, 'title'), sanitize('description'), publishing, (ctx, data) => {
      const startsAt = after(ctx, data, 'startsAt') as Date | undefined;
      const endsAt = after(ctx, data, 'endsAt') as Date | null | undefined;
      if (startsAt && endsAt && endsAt < startsAt) throw errors.validation({ endsAt: 'Must not be before the start' });
      return data;
    }),
  },
  examples: [
    {
      title: SAMPLE_EXPO,
      summary: 'See the Terra collection and our new façade systems at Hall 3, stand C-21.',
      description: '<p>Live cutting demonstrations of large-format slabs every two hours.</p>',
      startsAt: EXPO_STARTS,
      endsAt: inDays(32, 12),
      venue: 'Bombay Exhibition Centre, Hall 3',
      city: 'Mumbai',
      coverImage: { url: 'https://images.euro-building.example/events/expo-2025.jpg', alt: 'Exhibition hall with product displays' },
      capacity: 400,
      status: 'published',
    },
    {
      title: 'Dealer meet: South India',
      summary: 'Annual meet with dealers from Karnataka, Kerala and Tamil Nadu.',
      startsAt: inDays(-60, 5),
      endsAt: inDays(-60, 12),
      venue: 'Taj West End',
      city: 'Bengaluru',
      registrationOpen: false,
      pastImages: [{ url: 'https://images.euro-building.example/events/dealer-meet-1.jpg', alt: 'Dealers at the product presentation' }],
      status: 'published',
    },
  ],
});
