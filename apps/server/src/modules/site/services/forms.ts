import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { consumeRateLimit, type Limit } from '../../../kernel/auth';
import { notify } from '../../../kernel/notifications';
import {
  AppError,
  type Community,
  type Db,
  errors,
  parseInput,
  publicBaseUrl,
  requireCommunity,
  type Scope,
  tenantFilter,
} from '../../../kernel/resources';
import { uploadParts } from '../../../kernel/storage';
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

const filled = (value: unknown) => (typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null);
const withoutHoneypot = <T extends Record<string, unknown>>(input: T) => {
  const { [HONEYPOT]: _trap, ...rest } = input;
  return rest;
};

interface FormContext {
  app: FastifyInstance;
  community: Community;
  scope: Scope;
  tx: Db;
  /** The server's address as the visitor reached it (links in mail). */
  baseUrl: string;
}

interface FormDefinition<S extends z.ZodObject> {
  schema: S;
  /** Stores the submission; returns what the visitor gets back besides `received`. */
  accept: (ctx: FormContext, input: z.infer<S>) => Promise<Record<string, unknown> | undefined>;
  /** What a bot that filled the honeypot gets back (it must look accepted). */
  decoy?: (app: FastifyInstance, community: Community, raw: Record<string, unknown>) => Promise<Record<string, unknown> | undefined>;
}

/**
 * The pipeline of every public form: community → per-IP rate limit → honeypot (202, nothing
 * stored) → validation (400 with fields) → stored in the community's inbound list, with a console
 * notification, in one transaction → 202.
 */
export async function handleForm<S extends z.ZodObject>(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  form: FormDefinition<S>,
  raw: unknown,
) {
  const community = await requireCommunity(app.db, (req.params as { community: string }).community);
  await consumeRateLimit(app, `site-form:${community.id}:${req.ip}`, FORM_LIMIT);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw errors.badRequest('invalid_body', 'The body must be a JSON object');
  const body = raw as Record<string, unknown>;
  if (filled(body[HONEYPOT])) {
    const extra = form.decoy ? await form.decoy(app, community, body).catch(() => undefined) : undefined;
    return reply.code(202).send({ data: { received: true, ...extra } });
  }
  const input = parseInput(form.schema, body) as z.infer<S>;
  const scope = visitor(app, community);
  const baseUrl = publicBaseUrl(app, req);
  const extra = await app.db.withTenant(community.id, (tx) =>
    form.accept({ app, community, scope, tx, baseUrl }, withoutHoneypot(input) as z.infer<S>),
  );
  return reply.code(202).send({ data: { received: true, ...extra } });
}

/** The console screen of each inbound list (seed 000's routes). */
const CONSOLE_SCREENS: Record<string, string> = {
  'site/get-in-touch-messages': 'getintouch',
  'site/design-support-requests': 'design-enquiry',
  'site/career-applications': 'careers',
  'site/event-registrations': 'event-registration',
  'site/catalogue-downloads': 'download-catalogue',
  'site/subscribers': 'subscribedusers',
};

/** Stores a submission through its resource and tells the console. */
async function store(
  ctx: Pick<FormContext, 'tx' | 'scope'>,
  resource: typeof getInTouchResource,
  input: Record<string, unknown>,
  note: (row: Record<string, unknown>) => { title: string; body?: string },
) {
  const row = await resource.createIn(ctx.tx, ctx.scope, input);
  const n = note(row);
  const screen = CONSOLE_SCREENS[resource.path] ?? resource.path;
  await notify(ctx.tx, ctx.scope, { ...n, source: resource.path, recordId: row.id, link: `/admin-panel/${screen}?id=${row.id}` });
  return row;
}

const excerpt = (text: unknown, max = 160) => {
  const s = String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
};

export const getInTouchForm: FormDefinition<typeof formSchemas.getInTouch> = {
  schema: formSchemas.getInTouch,
  async accept(ctx, input) {
    await store(ctx, getInTouchResource, input, (r) => ({
      title: `New message from ${r.name}`,
      body: `${r.email}${r.subject ? ` · ${r.subject}` : ''}: ${excerpt(r.message)}`,
    }));
    return undefined;
  },
};

export const designSupportForm: FormDefinition<typeof formSchemas.designSupport> = {
  schema: formSchemas.designSupport,
  async accept(ctx, input) {
    await store(ctx, designSupportResource, input, (r) => ({
      title: `Design-support request from ${r.name}`,
      body: `${r.projectType}${r.city ? ` · ${r.city}` : ''}: ${excerpt(r.message)}`,
    }));
    return undefined;
  },
};

export const eventRegistrationForm: FormDefinition<typeof formSchemas.eventRegistration> = {
  schema: formSchemas.eventRegistration,
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
    await store(ctx, eventRegistrationsResource, input, (r) => ({
      title: `${r.name} registered for ${event.title}`,
      body: `${r.email} · ${r.attendees} attendee(s)${r.company ? ` · ${r.company}` : ''}`,
    }));
    return undefined;
  },
};

/** A visible catalogue and the link the visitor downloads it from. */
async function catalogueLink(tx: Db, tenantId: string, id: string) {
  const catalogue = await findBy(tx, tenantId, siteCatalogues, siteCatalogues.id, id, [visible(siteCatalogues)]);
  if (!catalogue) throw errors.validation({ catalogueId: 'No such catalogue' });
  return { catalogue, link: { title: catalogue.title, url: catalogue.fileUrl, fileName: catalogue.fileName } };
}

export const catalogueDownloadForm: FormDefinition<typeof formSchemas.catalogueDownload> = {
  schema: formSchemas.catalogueDownload,
  async accept(ctx, input) {
    const { catalogue, link } = await catalogueLink(ctx.tx, ctx.community.id, input.catalogueId);
    await store(ctx, catalogueDownloadsResource, input, (r) => ({
      title: `${r.name} downloaded ${catalogue.title}`,
      body: `${r.email}${r.company ? ` · ${r.company}` : ''} · ${r.profession}`,
    }));
    await ctx.tx
      .update(siteCatalogues)
      .set({ downloadCount: sql`${siteCatalogues.downloadCount} + 1` })
      .where(and(tenantFilter(siteCatalogues, ctx.community.id), eq(siteCatalogues.id, input.catalogueId)));
    return { catalogue: link };
  },
  // A bot gets an answer shaped like success but no file: the title it could read on the website,
  // and the public catalogue list instead of the file.
  async decoy(app, community, raw) {
    const id = z.uuid().safeParse(raw.catalogueId);
    if (!id.success) return undefined;
    const { link } = await app.db.withTenant(community.id, (tx) => catalogueLink(tx, community.id, id.data));
    return { catalogue: { title: link.title, url: `/public/${community.name}/site/catalogues`, fileName: link.fileName } };
  },
};

export const subscribeForm: FormDefinition<typeof formSchemas.subscribe> = {
  schema: formSchemas.subscribe,
  async accept(ctx, input) {
    const existing = await findBy(ctx.tx, ctx.community.id, siteSubscribers, siteSubscribers.email, input.email);
    if (existing) {
      if (existing.subscribed) return { subscribed: true };
      // They had left: only they may come back (double opt-in), through the signed link mailed to them.
      await mailConfirmation(ctx, String(existing.email), existing.unsubscribedAt as Date);
      return { subscribed: false, confirmationSent: true };
    }
    await store(ctx, subscribersResource, { ...input, source: 'website' }, (r) => ({ title: `New subscriber: ${r.email}` }));
    return { subscribed: true };
  },
};

/**
 * The mail that lets an address that unsubscribed come back: a signed link that expires. Recorded in
 * the submission's transaction (the outbox), sent once it commits.
 */
async function mailConfirmation(ctx: FormContext, email: string, unsubscribedAt: Date) {
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

/**
 * The careers form: multipart with the CV. Everything is read first (the CV held in memory, at
 * most 5 MB) so that a bot's submission stores nothing; the CV is stored as a private file.
 */
export async function handleCareers(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
  const community = await requireCommunity(app.db, (req.params as { community: string }).community);
  await consumeRateLimit(app, `site-form:${community.id}:${req.ip}`, FORM_LIMIT);
  if (!req.isMultipart()) throw errors.unsupportedMedia('Send the application as multipart/form-data with the CV as a file');
  const fields: Record<string, unknown> = {};
  let cv: { filename: string; buffer: Buffer } | null = null;
  for await (const part of uploadParts(req.parts({ limits: { fileSize: CV_MAX_BYTES, files: 1, fields: 30, fieldSize: 16 * 1024 } }))) {
    if (part.type === 'file') {
      const buffer = await part.toBuffer();
      if (part.file.truncated) throw errors.tooLarge(`The CV may be at most ${CV_MAX_BYTES / 1024 / 1024} MB`);
      if (!cv && buffer.length > 0) cv = { filename: part.filename, buffer };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  if (filled(fields[HONEYPOT])) return reply.code(202).send({ data: { received: true } });
  const input = parseInput(formSchemas.careers, fields) as z.infer<typeof formSchemas.careers>;
  if (!cv) throw errors.validation({ cv: 'Attach your CV' });
  const type = await fileTypeFromBuffer(cv.buffer);
  if (!type || !CV_TYPES.has(type.mime)) throw errors.validation({ cv: 'Attach the CV as a PDF or Word document' });
  const stored = await app.storage.save(community.id, {
    stream: Readable.from(cv.buffer),
    filename: cv.filename,
    uploadedBy: null,
    purpose: 'careers-cv',
    isPublic: false,
  });
  const scope = visitor(app, community);
  // The application holds the CV; if it is not stored, neither is the CV.
  await app.db
    .withTenant(community.id, (tx) =>
      store(
        { scope, tx },
        careerApplicationsResource,
        { ...withoutHoneypot(input), cvUrl: `/api/v1/media/files/${stored.id}/content`, cvFileId: stored.id },
        (r) => ({
          title: `New application: ${r.position}`,
          body: `${r.name} (${r.email})${r.experienceYears != null ? ` · ${r.experienceYears} years` : ''}`,
        }),
      ),
    )
    .catch(async (err) => {
      await app.storage.discard(community.id, [stored]);
      throw err;
    });
  return reply.code(202).send({ data: { received: true } });
}
