import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Limit } from '../../../kernel/auth';
import { notify } from '../../../kernel/notifications';
import {
  AppError,
  type Community,
  type Db,
  definePublicForm,
  errors,
  type FormContext,
  type PublicForm,
  type Row,
  requireCommunity,
  type Scope,
  tenantFilter,
} from '../../../kernel/resources';
import { careerApplicationsResource } from '../resources/career-applications';
import { catalogueDownloadsResource } from '../resources/catalogue-downloads';
import { designSupportResource } from '../resources/design-support-requests';
import { eventRegistrationsResource } from '../resources/event-registrations';
import { getInTouchResource } from '../resources/get-in-touch-messages';
import { subscribersResource } from '../resources/subscribers';
import { emailSchema, phoneSchema } from '../schemas';
import { siteCatalogues, siteEventRegistrations, siteEvents, siteSubscribers } from '../tables';
import { CONFIRM_TTL_SECONDS, confirmPath, verifyConfirm, verifyUnsubscribe } from './subscriptions';
import { findBy, visible } from './visibility';

/** Submissions per visitor address and community (every form together). */
export const FORM_LIMIT: Limit = { max: 10, windowSeconds: 600 };
/** Largest JSON form body. */
export const FORM_BODY_LIMIT = 32 * 1024;
/** Largest CV. */
export const CV_MAX_BYTES = 5 * 1024 * 1024;
/** The hidden field people never fill and form-filling bots do. */
export const HONEYPOT = 'website';

const CV_TYPES = new Set([
  'application/pdf',
  'application/msword',
  'application/x-cfb',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
]);

const name = z.string().trim().min(1, 'Enter your name').max(120);
const optional = (max: number) => z.string().trim().max(max).optional();
const honeypot = { [HONEYPOT]: z.string().max(500).optional() };

export const formSchemas = {
  getInTouch: z.object({
    name,
    email: emailSchema,
    phone: phoneSchema.optional(),
    company: optional(200),
    subject: optional(200),
    message: z.string().trim().min(1, 'Write a message').max(5000),
    sourcePage: optional(500),
    ...honeypot,
  }),
  designSupport: z.object({
    name,
    email: emailSchema,
    phone: phoneSchema.optional(),
    company: optional(200),
    city: optional(120),
    projectType: z.enum(['residential', 'commercial', 'hospitality', 'healthcare', 'education', 'industrial', 'other']).optional(),
    projectArea: optional(60),
    message: z.string().trim().min(1, 'Tell us about the project').max(5000),
    ...honeypot,
  }),
  careers: z.object({
    name,
    email: emailSchema,
    phone: phoneSchema.optional(),
    position: z.string().trim().min(1, 'Which position?').max(200),
    experienceYears: z.coerce.number().int().min(0).max(70).optional(),
    currentCompany: optional(200),
    linkedinUrl: z
      .url({ protocol: /^https?$/ })
      .max(500)
      .optional(),
    coverLetter: optional(10_000),
    ...honeypot,
  }),
  eventRegistration: z.object({
    eventId: z.uuid('Choose an event'),
    name,
    email: emailSchema,
    phone: phoneSchema.optional(),
    company: optional(200),
    attendees: z.coerce.number().int().min(1).max(20).default(1),
    message: optional(2000),
    ...honeypot,
  }),
  catalogueDownload: z.object({
    catalogueId: z.uuid('Choose a catalogue'),
    name,
    email: emailSchema,
    phone: phoneSchema.optional(),
    company: optional(200),
    city: optional(120),
    profession: z.enum(['architect', 'interior_designer', 'contractor', 'dealer', 'homeowner', 'other']).optional(),
    ...honeypot,
  }),
  subscribe: z.object({ email: emailSchema, name: optional(120), ...honeypot }),
};

/** Who writes website submissions in the audit log. */
const visitor = (app: FastifyInstance, community: Community): Scope => ({
  db: app.db,
  tenantId: community.id,
  actor: { id: null, name: 'Website visitor' },
});

/** Every website form: one bucket of submissions per visitor address and community. */
const limit = { bucket: 'site-form', ...FORM_LIMIT };
const tags = ['public'];

/**
 * The console screen of each inbound list, as the seed's routes name it: the links these forms'
 * notices have always carried (the bell and the notifications API show them), the record as the
 * console's one convention has it (`?record=<id>`; the seed's `?id=` still leads there). Kept for them only;
 * the kit writes no console path, and a new form's notice goes without one (the console finds the
 * record's screen from the notice's resource and record).
 */
const SEED_SCREENS: Record<string, string> = {
  'site/get-in-touch-messages': 'getintouch',
  'site/design-support-requests': 'design-enquiry',
  'site/career-applications': 'careers',
  'site/event-registrations': 'event-registration',
  'site/catalogue-downloads': 'download-catalogue',
  'site/subscribers': 'subscribedusers',
};
const seedLink = (resource: { path: string }, row: Row) => `/admin-panel/${SEED_SCREENS[resource.path]}?record=${row.id}`;

const excerpt = (text: unknown, max = 160) => {
  const s = String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
};

export const getInTouchForm = definePublicForm({
  key: 'site.get-in-touch',
  label: 'Get in touch',
  path: 'site/get-in-touch',
  summary: 'Send a get-in-touch message',
  tags,
  schema: formSchemas.getInTouch,
  limit,
  bodyLimit: FORM_BODY_LIMIT,
  resource: getInTouchResource,
  notice: (r) => ({
    title: `New message from ${r.name}`,
    body: `${r.email}${r.subject ? ` · ${r.subject}` : ''}: ${excerpt(r.message)}`,
    link: seedLink(getInTouchResource, r),
  }),
});

export const designSupportForm = definePublicForm({
  key: 'site.design-support',
  label: 'Design support',
  path: 'site/design-support',
  summary: 'Ask the design team for help',
  tags,
  schema: formSchemas.designSupport,
  limit,
  bodyLimit: FORM_BODY_LIMIT,
  resource: designSupportResource,
  notice: (r) => ({
    title: `Design-support request from ${r.name}`,
    body: `${r.projectType}${r.city ? ` · ${r.city}` : ''}: ${excerpt(r.message)}`,
    link: seedLink(designSupportResource, r),
  }),
});

export const eventRegistrationForm = definePublicForm({
  key: 'site.event-registration',
  label: 'Event registration',
  path: 'site/event-registrations',
  summary: 'Register for an event',
  tags,
  schema: formSchemas.eventRegistration,
  limit,
  bodyLimit: FORM_BODY_LIMIT,
  resource: eventRegistrationsResource,
  async accept(ctx, input) {
    const event = await findBy(ctx.tx, ctx.community.id, siteEvents, siteEvents.id, input.eventId, [visible(siteEvents)]);
    if (!event) throw errors.validation({ eventId: 'No such event' });
    const ends = (event.endsAt ?? event.startsAt) as Date;
    if (!event.registrationOpen || ends.getTime() < Date.now()) {
      throw errors.conflict('registration_closed', 'Registration for this event is closed');
    }
    if (event.capacity) {
      // Lock the event row so two last-seat registrations cannot both pass.
      await ctx.tx
        .select({ id: siteEvents.id })
        .from(siteEvents)
        .where(and(tenantFilter(siteEvents, ctx.community.id), eq(siteEvents.id, input.eventId)))
        .for('update');
      const [taken] = await ctx.tx
        .select({ n: sql<number>`coalesce(sum(${siteEventRegistrations.attendees}), 0)::int` })
        .from(siteEventRegistrations)
        .where(and(tenantFilter(siteEventRegistrations, ctx.community.id), eq(siteEventRegistrations.eventId, input.eventId)));
      if (Number(taken.n) + input.attendees > Number(event.capacity)) throw errors.conflict('event_full', 'This event is fully booked');
    }
    const record = await ctx.write(input);
    await notify(ctx.tx, ctx.scope, {
      title: `${record.name} registered for ${event.title}`,
      body: `${record.email} · ${record.attendees} attendee(s)${record.company ? ` · ${record.company}` : ''}`,
      source: eventRegistrationsResource.path,
      recordId: record.id as string,
      link: seedLink(eventRegistrationsResource, record),
    });
    return { record };
  },
});

/** A visible catalogue and the link the visitor downloads it from. */
async function catalogueLink(tx: Db, tenantId: string, id: string) {
  const catalogue = await findBy(tx, tenantId, siteCatalogues, siteCatalogues.id, id, [visible(siteCatalogues)]);
  if (!catalogue) throw errors.validation({ catalogueId: 'No such catalogue' });
  return { catalogue, link: { title: catalogue.title, url: catalogue.fileUrl, fileName: catalogue.fileName } };
}

export const catalogueDownloadForm = definePublicForm({
  key: 'site.catalogue-download',
  label: 'Catalogue download',
  path: 'site/catalogue-downloads',
  summary: "Leave your details and get the catalogue's link",
  tags,
  schema: formSchemas.catalogueDownload,
  limit,
  bodyLimit: FORM_BODY_LIMIT,
  resource: catalogueDownloadsResource,
  async accept(ctx, input) {
    const { catalogue, link } = await catalogueLink(ctx.tx, ctx.community.id, input.catalogueId);
    const record = await ctx.write(input);
    await notify(ctx.tx, ctx.scope, {
      title: `${record.name} downloaded ${catalogue.title}`,
      body: `${record.email}${record.company ? ` · ${record.company}` : ''} · ${record.profession}`,
      source: catalogueDownloadsResource.path,
      recordId: record.id as string,
      link: seedLink(catalogueDownloadsResource, record),
    });
    await ctx.tx
      .update(siteCatalogues)
      .set({ downloadCount: sql`${siteCatalogues.downloadCount} + 1` })
      .where(and(tenantFilter(siteCatalogues, ctx.community.id), eq(siteCatalogues.id, input.catalogueId)));
    return { record, answer: { catalogue: link } };
  },
  // A bot gets an answer shaped like success but no file: the title it could read on the website,
  // and the public catalogue list instead of the file.
  async decoy(app, community, raw) {
    const id = z.uuid().safeParse(raw.catalogueId);
    if (!id.success) return undefined;
    const { link } = await app.db.withTenant(community.id, (tx) => catalogueLink(tx, community.id, id.data));
    return { catalogue: { title: link.title, url: `/public/${community.name}/site/catalogues`, fileName: link.fileName } };
  },
});

export const subscribeForm = definePublicForm({
  key: 'site.subscribe',
  label: 'Newsletter',
  path: 'site/subscribers',
  summary: 'Subscribe to the newsletter',
  tags,
  schema: formSchemas.subscribe,
  limit,
  bodyLimit: FORM_BODY_LIMIT,
  resource: subscribersResource,
  notice: (r) => ({ title: `New subscriber: ${r.email}`, link: seedLink(subscribersResource, r) }),
  // Subscribing is consent to the newsletter's email; a former subscriber's only once they confirm.
  consent: () => ({ email: true }),
  async accept(ctx, input) {
    const existing = await findBy(ctx.tx, ctx.community.id, siteSubscribers, siteSubscribers.email, input.email);
    if (existing) {
      if (existing.subscribed) return { record: existing, answer: { subscribed: true } };
      // They had left: only they may come back (double opt-in), through the signed link mailed to them.
      await mailConfirmation(ctx, String(existing.email), existing.unsubscribedAt as Date);
      return { record: existing, answer: { subscribed: false, confirmationSent: true }, consent: {} };
    }
    const record = await ctx.write({ ...input, source: 'website' });
    return { record, answer: { subscribed: true } };
  },
});

/**
 * The careers form: multipart with the CV. Everything is read first (the CV held in memory, at
 * most 5 MB) so that a bot's submission stores nothing; the CV is stored as a private file, and
 * removed again if the application is not stored.
 */
export const careersForm = definePublicForm({
  key: 'site.careers',
  label: 'Job application',
  path: 'site/careers',
  summary: 'Apply for a job (multipart/form-data with the CV as a file)',
  tags,
  schema: formSchemas.careers,
  limit,
  body: 'multipart',
  files: [
    {
      field: 'cv',
      maxBytes: CV_MAX_BYTES,
      types: [...CV_TYPES],
      required: 'Attach your CV',
      invalid: 'Attach the CV as a PDF or Word document',
      purpose: 'careers-cv',
    },
  ],
  resource: careerApplicationsResource,
  notice: (r) => ({
    title: `New application: ${r.position}`,
    body: `${r.name} (${r.email})${r.experienceYears != null ? ` · ${r.experienceYears} years` : ''}`,
    link: seedLink(careerApplicationsResource, r),
  }),
  accept: async (ctx, input) => {
    const cv = ctx.files.cv;
    return { record: await ctx.write({ ...input, cvUrl: `/api/v1/media/files/${cv.id}/content`, cvFileId: cv.id }) };
  },
});

/** The website's forms, as the site module declares them. */
export const sitePublicForms: PublicForm[] = [
  getInTouchForm,
  designSupportForm,
  eventRegistrationForm,
  catalogueDownloadForm,
  subscribeForm,
  careersForm,
];

/**
 * The mail that lets an address that unsubscribed come back: a signed link that expires. Recorded in
 * the submission's transaction (the outbox), sent once it commits.
 */
async function mailConfirmation(ctx: FormContext<unknown>, email: string, unsubscribedAt: Date) {
  const { app, community } = ctx;
  const link = `${ctx.baseUrl}${confirmPath(app.config.jwtSecret, community.name, email, unsubscribedAt)}`;
  await app.mailer.enqueue(ctx.tx, community.id, {
    to: email,
    subject: `Confirm your subscription to ${community.displayName}`,
    text: [
      `Someone, hopefully you, asked to subscribe ${email} to the newsletter of ${community.displayName} again.`,
      'You unsubscribed earlier, so nothing is sent to you until you confirm:',
      '',
      link,
      '',
      `The link works for ${CONFIRM_TTL_SECONDS / 3600} hours. If you did not ask, ignore this message: you stay unsubscribed.`,
    ].join('\n'),
    // The link re-subscribes the address: the outbox keeps no copy of it.
    sensitive: true,
  });
}

/** GET …/subscribers/confirm?email=&expires=&sig=: the link of the re-subscription mail. */
export async function confirmResubscription(app: FastifyInstance, communityName: string, email: string, expires: number, sig: string) {
  const community = await requireCommunity(app.db, communityName);
  const address = email.trim().toLowerCase();
  const scope = visitor(app, community);
  const invalid = () => new AppError(403, 'invalid_signature', 'This confirmation link is not valid, or was used already');
  await app.db.withTenant(community.id, async (tx) => {
    const existing = await findBy(tx, community.id, siteSubscribers, siteSubscribers.email, address);
    if (!existing || existing.subscribed || !existing.unsubscribedAt) throw invalid();
    const signed = { community: community.name, email: address, expires, unsubscribedAt: existing.unsubscribedAt as Date };
    if (!verifyConfirm(app.config.jwtSecret, signed, sig)) throw invalid();
    if (expires * 1000 < Date.now()) {
      throw new AppError(410, 'link_expired', 'This confirmation link has expired: subscribe again to get a new one');
    }
    await subscribersResource.updateIn(tx, scope, existing.id as string, { subscribed: true });
  });
  return { subscribed: true, email: address };
}

/** GET …/subscribers/unsubscribe?email=&sig=: the signed link of every mail. */
export async function unsubscribe(app: FastifyInstance, communityName: string, email: string, sig: string) {
  const community = await requireCommunity(app.db, communityName);
  const address = email.trim().toLowerCase();
  if (!verifyUnsubscribe(app.config.jwtSecret, community.name, address, sig)) {
    throw new AppError(403, 'invalid_signature', 'This unsubscribe link is not valid');
  }
  const scope = visitor(app, community);
  await app.db.withTenant(community.id, async (tx) => {
    const existing = await findBy(tx, community.id, siteSubscribers, siteSubscribers.email, address);
    if (existing?.subscribed) await subscribersResource.updateIn(tx, scope, existing.id as string, { subscribed: false });
  });
  return { unsubscribed: true, email: address };
}
