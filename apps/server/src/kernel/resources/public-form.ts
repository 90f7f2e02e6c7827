import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import type { Scope } from '../auth/context';
import { consumeRateLimit, type Limit } from '../auth/rate-limit';
import type { Db } from '../db/database';
import { errors } from '../errors/app-error';
import { emit } from '../events/domain-events';
import type { Email } from '../messaging/mailer';
import { notify } from '../notifications/notify';
import { type StoredFile, uploadParts } from '../storage/storage';
import { type Community, requireCommunity } from '../tenancy/communities';
import { publicBaseUrl } from '../web/public-url';
import { parseInput, type Resource } from './resource';
import type { Row } from './types';

// Public forms: what a visitor of a community's website (or landing page) submits without signing
// in. A module declares each form once — `definePublicForm({ key, path, schema, limit, resource, … })`
// in `publicForms` of its declaration — and the kit serves it at POST /public/<community>/<path>:
// the community, the record the form belongs to (`load`), the per-address rate limit, the body (JSON,
// urlencoded or multipart with files), the honeypot, validation, the files stored, then one
// transaction that writes the submission (through its resource as the "Website visitor"), the
// console notification, the confirmation and notification mail, and the `forms.submitted` domain
// event other modules subscribe to (campaigns' form-triggered drips). The kit writes no console
// path: a notice carries the resource and record it is about; a form may add a link of its own.

/** The marketing channels a visitor may consent to through a form. */
export type ConsentChannel = 'email' | 'sms' | 'whatsapp' | 'push';
/** Which channels the visitor consented to with this submission (a channel left out: no consent given). */
export type ConsentGiven = Partial<Record<ConsentChannel, boolean>>;

/** The person who submitted, as the form knows them. */
export interface FormContact {
  name: string | null;
  email: string | null;
  phone: string | null;
}

declare module '../events/domain-events' {
  interface DomainEvents {
    /**
     * A public form was submitted and accepted (never for a honeypot's bot or a refused one). `form`
     * is the form's id: its key, or `<key>/<instance>` for a form of one record (a landing page's).
     */
    'forms.submitted': {
      form: string;
      formLabel: string;
      module: string;
      /** The record the submission wrote, if any, and its resource. */
      resource: string | null;
      recordId: string | null;
      contact: FormContact | null;
      consent: ConsentGiven;
      /** Where, from which address and browser: the proof a consent needs. */
      proof: { source: string; ip: string | null; userAgent: string | null };
    };
  }
}

/** The rate limit of a form: submissions per visitor address and community; forms naming one bucket share it. */
export interface FormLimit extends Limit {
  bucket: string;
}

/** A file field of a multipart form. */
export interface FormFile {
  field: string;
  maxBytes: number;
  /** MIME types accepted, judged from the content (not the name the browser sent). */
  types: readonly string[];
  /** The message when it is missing (absent: optional). */
  required?: string;
  /** The message when its content is not one of `types`. */
  invalid: string;
  /** Stored as (storage purpose), private unless `isPublic`. */
  purpose: string;
  isPublic?: boolean;
}

export interface FormContext<L> {
  app: FastifyInstance;
  req: FastifyRequest;
  community: Community;
  /** The submission's transaction (the community's). */
  tx: Db;
  /** The website visitor as the audit log names them. */
  scope: Scope;
  /** The server's address as the visitor reached it (links in mail). */
  baseUrl: string;
  /** What `load` found (the record the form belongs to). */
  loaded: L;
  /** The files the visitor sent, stored already (removed again if the transaction fails). */
  files: Record<string, StoredFile>;
  /** Writes `input` through the form's resource as the visitor, with the form's notice. */
  write(input: Record<string, unknown>): Promise<Row>;
}

/** What accepting a submission produced. */
export interface FormOutcome {
  /** The record it wrote (its id goes in the event; `write` sets it). */
  record?: Record<string, unknown> | null;
  /** Added to the answer beside `received: true`. */
  answer?: Record<string, unknown>;
  /** Overrides the declared consent (e.g. a double opt-in still pending gives none yet). */
  consent?: ConsentGiven;
}

export interface PublicFormConfig<S extends z.ZodObject, L = undefined> {
  /** Unique, `<module>.<form>`: the event's form and what a drip's trigger names. */
  key: string;
  label: string;
  /** Below /public/:community/ (may hold parameters, e.g. `p/:slug/signup/:blockId`). */
  path: string;
  summary: string;
  tags?: string[];
  /** The fields, validated (400 with the fields). The honeypot field is added and never stored. */
  schema: S;
  /** The hidden field people never fill and bots do (default `website`); false: none. */
  honeypot?: string | false;
  limit: FormLimit;
  /** `json` (default), `urlencoded` (a page's plain HTML form; JSON accepted too) or `multipart` (with `files`). */
  body?: 'json' | 'urlencoded' | 'multipart';
  /** Largest body (JSON and urlencoded; multipart: the files' limits). */
  bodyLimit?: number;
  files?: readonly FormFile[];
  /** Where it writes: each accepted submission becomes a record of it (unless `accept` says otherwise). */
  resource?: Resource;
  /** The record the form belongs to, read before anything else (its 404 comes first). */
  load?: (app: FastifyInstance, req: FastifyRequest, community: Community) => Promise<L>;
  /** A form per record: the instance id of what `load` found (the event's form is `<key>/<id>`). */
  instanceOf?: (loaded: L) => string;
  /** The instances a community has (the forms a drip may start from). */
  instances?: (db: Db, tenantId: string) => Promise<{ id: string; label: string }[]>;
  /** Stores the submission; default: `ctx.write(input)`. */
  accept?: (ctx: FormContext<L>, input: z.infer<S>) => Promise<FormOutcome | undefined>;
  /** The console notification of a written record (title, body; a link only if the form insists on one). */
  notice?: (record: Row, loaded: L) => { title: string; body?: string; link?: string };
  /** Who submitted (default: the input's `name`, `email` and `phone`). */
  contact?: (input: z.infer<S>, loaded: L) => FormContact | null;
  /** What the visitor consented to with this submission (default: nothing). */
  consent?: (input: z.infer<S>, loaded: L) => ConsentGiven;
  /** A mail to the visitor once the submission commits (null: none). */
  confirmation?: (ctx: FormContext<L>, input: z.infer<S>, outcome: FormOutcome) => Email | null;
  /** A mail to the community's people (null: none). */
  notificationMail?: (ctx: FormContext<L>, input: z.infer<S>, outcome: FormOutcome) => Email | null;
  /** What a bot that filled the honeypot gets back besides `received` (it must look accepted). */
  decoy?: (
    app: FastifyInstance,
    community: Community,
    raw: Record<string, unknown>,
    loaded: L,
  ) => Promise<Record<string, unknown> | undefined>;
  /** The answer (default: 202 `{ data: { received: true, …answer } }`); `error` may answer a refusal itself (an HTML page). */
  respond?: {
    ok?: (req: FastifyRequest, reply: FastifyReply, answer: Record<string, unknown>, loaded: L) => unknown;
    error?: (req: FastifyRequest, reply: FastifyReply, err: unknown, loaded: L) => unknown;
  };
}

/** A declared public form (`definePublicForm`). */
export interface PublicForm {
  readonly config: PublicFormConfig<z.ZodObject, any>;
  /** The module that declares it (set at registration). */
  module?: string;
}

/** Declares a public form; list it in the module's `publicForms`. */
export function definePublicForm<S extends z.ZodObject, L = undefined>(config: PublicFormConfig<S, L>): PublicForm {
  if (!/^[a-z0-9-]+\.[a-z0-9.-]+$/.test(config.key)) throw new Error(`A public form's key is <module>.<form>: ${config.key}`);
  return { config: config as unknown as PublicFormConfig<z.ZodObject, any> };
}

const filled = (value: unknown) => (typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null);
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The default contact: the input's name, email and phone. */
function contactOf(input: Record<string, unknown>): FormContact | null {
  const contact = { name: text(input.name), email: text(input.email), phone: text(input.phone) };
  return contact.email || contact.phone ? contact : null;
}

/** The body as an object of fields and the files it carried (multipart read to its end first). */
async function readBody(req: FastifyRequest, form: PublicFormConfig<z.ZodObject, any>) {
  if (form.body !== 'multipart') {
    const raw = req.body;
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
      throw errors.badRequest('invalid_body', 'The body must be a JSON object');
    return { fields: raw as Record<string, unknown>, files: new Map<string, { filename: string; buffer: Buffer }>() };
  }
  if (!req.isMultipart()) throw errors.unsupportedMedia('Send the form as multipart/form-data with its files');
  const rules = form.files ?? [];
  const fields: Record<string, unknown> = {};
  const files = new Map<string, { filename: string; buffer: Buffer }>();
  const largest = Math.max(1, ...rules.map((f) => f.maxBytes));
  const parts = req.parts({ limits: { fileSize: largest, files: Math.max(1, rules.length), fields: 30, fieldSize: 16 * 1024 } });
  for await (const part of uploadParts(parts)) {
    if (part.type === 'file') {
      const rule = rules.find((f) => f.field === part.fieldname) ?? (rules.length === 1 ? rules[0] : undefined);
      const buffer = await part.toBuffer();
      if (!rule) continue;
      if (part.file.truncated || buffer.length > rule.maxBytes)
        throw errors.tooLarge(`The file may be at most ${Math.round(rule.maxBytes / 1024 / 1024)} MB`);
      if (!files.has(rule.field) && buffer.length > 0) files.set(rule.field, { filename: part.filename, buffer });
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, files };
}

/** The pipeline of every public form (see the top of this file). */
async function handle(app: FastifyInstance, form: PublicForm, req: FastifyRequest, reply: FastifyReply) {
  const c = form.config;
  const community = await requireCommunity(app.db, (req.params as { community: string }).community);
  const loaded = c.load ? await c.load(app, req, community) : undefined;
  try {
    await consumeRateLimit(app, `${c.limit.bucket}:${community.id}:${req.ip}`, c.limit);
    const { fields, files } = await readBody(req, c);
    const trap = c.honeypot === false ? null : (c.honeypot ?? 'website');
    const ok = (answer: Record<string, unknown>) =>
      c.respond?.ok ? c.respond.ok(req, reply, answer, loaded) : reply.code(202).send({ data: { received: true, ...answer } });
    if (trap && filled(fields[trap])) {
      const extra = c.decoy ? await c.decoy(app, community, fields, loaded).catch(() => undefined) : undefined;
      return ok(extra ?? {});
    }
    const parsed = parseInput(c.schema, fields);
    if (trap) delete parsed[trap];
    const input = parsed as z.infer<typeof c.schema>;
    const chosen: [FormFile, { filename: string; buffer: Buffer }][] = [];
    const problems: Record<string, string> = {};
    for (const rule of c.files ?? []) {
      const file = files.get(rule.field);
      if (!file) {
        if (rule.required) problems[rule.field] = rule.required;
        continue;
      }
      const type = await fileTypeFromBuffer(file.buffer);
      if (!type || !rule.types.includes(type.mime)) problems[rule.field] = rule.invalid;
      else chosen.push([rule, file]);
    }
    if (Object.keys(problems).length > 0) throw errors.validation(problems);
    const stored: Record<string, StoredFile> = {};
    for (const [rule, file] of chosen) {
      stored[rule.field] = await app.storage.save(community.id, {
        stream: Readable.from(file.buffer),
        filename: file.filename,
        uploadedBy: null,
        purpose: rule.purpose,
        isPublic: rule.isPublic ?? false,
      });
    }
    const scope: Scope = { db: app.db, tenantId: community.id, actor: { id: null, name: 'Website visitor' } };
    const baseUrl = publicBaseUrl(app, req);
    const answer = await app.db
      .withTenant(community.id, async (tx) => {
        let written: Row | null = null;
        const ctx: FormContext<unknown> = {
          app,
          req,
          community,
          tx,
          scope,
          baseUrl,
          loaded,
          files: stored,
          async write(values) {
            if (!c.resource) throw new Error(`The public form ${c.key} declares no resource to write to`);
            const row = await c.resource.createIn(tx, scope, values);
            const note = c.notice?.(row, loaded);
            if (note) await notify(tx, scope, { ...note, source: c.resource.path, recordId: row.id as string });
            written = row;
            return row;
          },
        };
        const outcome: FormOutcome = (c.accept ? await c.accept(ctx, input) : { record: await ctx.write(input) }) ?? {};
        const record = outcome.record ?? written;
        for (const mail of [c.confirmation?.(ctx, input, outcome), c.notificationMail?.(ctx, input, outcome)]) {
          if (mail) await app.mailer.enqueue(tx, community.id, mail);
        }
        const instance = c.instanceOf && loaded !== undefined ? c.instanceOf(loaded) : null;
        await emit(tx, 'forms.submitted', {
          form: instance ? `${c.key}/${instance}` : c.key,
          formLabel: c.label,
          module: form.module ?? c.key.split('.')[0],
          resource: record && c.resource ? c.resource.path : null,
          recordId: record ? String(record.id) : null,
          contact: c.contact ? c.contact(input, loaded) : contactOf(input),
          consent: outcome.consent ?? c.consent?.(input, loaded) ?? {},
          proof: {
            source: `${c.label} (${req.url.split('?')[0]})`.slice(0, 500),
            ip: req.ip ?? null,
            userAgent: req.headers['user-agent'] ?? null,
          },
        });
        return outcome.answer ?? {};
      })
      .catch(async (err) => {
        const kept = Object.values(stored);
        if (kept.length > 0) await app.storage.discard(community.id, kept);
        throw err;
      });
    return ok(answer);
  } catch (err) {
    if (c.respond?.error) {
      const answered = await c.respond.error(req, reply, err, loaded);
      if (answered !== undefined) return answered;
    }
    throw err;
  }
}

/** The path's parameters: the community and whatever the form's path names (`:slug`). */
const paramsOf = (path: string) =>
  z.object({
    community: z.string().min(1).max(63),
    ...Object.fromEntries([...path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => [name, z.string().min(1).max(200)])),
  });

/** Serves every declared form (each module's `publicForms`) and the list a console picks forms from. */
export async function registerPublicForms(app: FastifyInstance, forms: readonly PublicForm[]) {
  const seen = new Set<string>();
  for (const form of forms) {
    if (seen.has(form.config.key)) throw new Error(`Two public forms have the key ${form.config.key}`);
    seen.add(form.config.key);
  }
  const route = (server: FastifyInstance, form: PublicForm) => {
    const c = form.config;
    server.withTypeProvider<ZodTypeProvider>().post(
      `/public/:community/${c.path}`,
      {
        config: { public: true },
        ...(c.bodyLimit ? { bodyLimit: c.bodyLimit } : {}),
        schema: {
          tags: c.tags ?? [form.module ?? c.key.split('.')[0]],
          summary: c.summary,
          params: paramsOf(c.path),
          ...(c.body === 'multipart' ? { consumes: ['multipart/form-data'] } : {}),
        },
      },
      (req, reply) => handle(app, form, req, reply),
    );
  };
  const plain = forms.filter((f) => f.config.body !== 'urlencoded');
  for (const form of plain) route(app, form);
  const urlencoded = forms.filter((f) => f.config.body === 'urlencoded');
  if (urlencoded.length > 0) {
    // A page's plain HTML form (no script) posts application/x-www-form-urlencoded; only these routes parse it.
    await app.register(async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      for (const form of urlencoded) route(scope, form);
    });
  }

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/meta/public-forms',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['meta'],
        summary: "The community's public forms (a form per record listed once per record): what a drip may start from",
        response: {
          200: z.object({
            data: z.array(z.object({ id: z.string(), key: z.string(), label: z.string(), module: z.string() })),
          }),
        },
      },
    },
    async (req) => {
      const tenantId = req.auth!.tenantId;
      const data: { id: string; key: string; label: string; module: string }[] = [];
      for (const form of forms) {
        const c = form.config;
        const module = form.module ?? c.key.split('.')[0];
        if (!c.instances) {
          data.push({ id: c.key, key: c.key, label: c.label, module });
          continue;
        }
        const instances = await app.db.withTenant(tenantId, (tx) => c.instances!(tx, tenantId));
        for (const i of instances) data.push({ id: `${c.key}/${i.id}`, key: c.key, label: `${c.label}: ${i.label}`, module });
      }
      return { data };
    },
  );
}
