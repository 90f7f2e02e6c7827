import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { installCatalogue, ModuleCatalogue } from './kernel/access/catalogue';
import { pageViewsPlugin } from './kernel/analytics/page-views';
import { authPlugin } from './kernel/auth/plugin';
import { rateLimitPlugin } from './kernel/auth/rate-limit';
import { authRoutes } from './kernel/auth/routes';
import { createTokenService, type TokenService } from './kernel/auth/tokens';
import { registerCompatRoutes } from './kernel/compat/router';
import { type Database, openDatabase } from './kernel/db/database';
import { migrateDatabase } from './kernel/db/migrate';
import { registerErrorHandling } from './kernel/errors/error-handler';
import { installDomainEvents } from './kernel/events/domain-events';
import { writeAppLog } from './kernel/events/logs';
import { createJobs, type Jobs } from './kernel/jobs/jobs';
import { kernelModule } from './kernel/kernel-module';
import { listsModule } from './kernel/lists/module';
import { liveUpdates } from './kernel/live/routes';
import { createMailer, type Mailer } from './kernel/messaging/mailer';
import { bindOutbound, createOutbound, type Outbound } from './kernel/messaging/outbound';
import type { AppModule } from './kernel/module';
import { type ContributionName, type Contributions, collectContributions, PortRegistry } from './kernel/ports';
import { registerDashboardRoute } from './kernel/resources/dashboard';
import { bindMetering } from './kernel/resources/meters';
import { registerPublicForms } from './kernel/resources/public-form';
import { ResourceRegistry } from './kernel/resources/registry';
import { registerMetaRoutes, registerResourceRoutes } from './kernel/resources/routes';
import { bindSecretBox } from './kernel/secrets/bound';
import { createSecretBox, type SecretBox } from './kernel/secrets/secret-box';
import { diskBlobStore } from './kernel/storage/blob-store';
import { s3BlobStore } from './kernel/storage/s3-store';
import { createStorage, type Storage } from './kernel/storage/storage';
import { refuseOversizedUploads } from './kernel/storage/upload-limit';
import { communityCacheFor, communityNameResolver } from './kernel/tenancy/communities';
import { publishComponents } from './kernel/web/openapi-components';
import { publicCors } from './kernel/web/public-cors';
import { API_HELMET, securityHeaders } from './kernel/web/security-headers';
import { compressAnswers, serveConsole } from './kernel/web/serve-console';
import { installWorkflows } from './kernel/workflows/durable';
import { billingModule } from './modules/billing/module';
import { builderModule } from './modules/builder/module';
import { campaignsModule } from './modules/campaigns/module';
import { commerceModule } from './modules/commerce/module';
import { contactUsModule } from './modules/contact-us/module';
import { identityModule } from './modules/identity/module';
import { marketingModule } from './modules/marketing/module';
import { paymentsModule } from './modules/payments/module';
import { siteModule } from './modules/site/module';
import { seedIfEmpty, seedPlatformCatalogues } from './seed';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    tokens: TokenService;
    mailer: Mailer;
    jobs: Jobs;
    storage: Storage;
    resources: ResourceRegistry;
    modules: AppModule[];
    /** The modules' permission modules, validated at start. */
    catalogue: ModuleCatalogue;
    /** Credentials at rest (AES-256-GCM, SECRETS_KEY). */
    secrets: SecretBox;
    /** HTTP calls to addresses communities configured: public https only (kernel/messaging/outbound.ts). */
    outbound: Outbound;
    /** The services modules provide one another (kernel/ports.ts). */
    ports: PortRegistry;
    /** Every module's items for a list one module owns (kernel/ports.ts). */
    contributions<K extends ContributionName>(name: K): Contributions[K][];
  }
}

/**
 * The console's Content-Security-Policy: scripts only from the console's own files (no inline
 * script, no eval), data only from this server. Styles allow 'unsafe-inline' because Mantine
 * injects its CSS variables as <style> elements and style attributes; images may come from https
 * (content links hosted elsewhere).
 */
export const CONSOLE_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  scriptSrcAttr: ["'none'"],
  upgradeInsecureRequests: null,
};

/** Every module of the product, in dependency order. */
export const MODULES: AppModule[] = [
  kernelModule,
  // Beside the kernel's resources, where its own were before it became a module (the same order of records and routes).
  paymentsModule,
  identityModule,
  // Before the areas whose sample data it limits: the demo's plan is set before their records are seeded.
  billingModule,
  siteModule,
  listsModule,
  contactUsModule,
  commerceModule,
  marketingModule,
  builderModule,
  campaignsModule,
];

export interface BuildOptions {
  /** Reuse an open database (tests that restart the app on the same data). */
  db?: Database;
  /** Modules beside MODULES (a test-only module declared under test/), after them; never used in production. */
  extraModules?: AppModule[];
  /** Seed the demo community when the database is empty (default: outside production). */
  seed?: boolean;
  logger?: boolean;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // Files: an S3-compatible bucket when configured, else local disk; unreachable stops the start.
  const blobs = config.s3 ? s3BlobStore(config.s3) : diskBlobStore(config.dataDir);
  await blobs.check();
  const modules = [...MODULES, ...(options.extraModules ?? [])];
  // Unique keys, every resource's permission module declared: a wrong declaration stops the start.
  const catalogue = new ModuleCatalogue(modules);
  installCatalogue(catalogue);
  // Each port provided once and every required one provided: checked before anything opens.
  const ports = new PortRegistry(modules);
  const db = options.db ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, inMemory: config.inMemory }));
  const warnings: string[] = [];
  await migrateDatabase(
    db,
    modules.flatMap((m) => m.resources ?? []),
    (message) => warnings.push(message),
  );

  // Listening for community changes from the start (never first inside a transaction).
  await communityCacheFor(db).start();

  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For is believed only from the configured proxies (TRUST_PROXY; none by default).
    trustProxy:
      typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    ajv: { customOptions: { coerceTypes: false } },
    genReqId: () => crypto.randomUUID(),
    // onReady starts the job queue and, on a first start, seeds the demo community: more than
    // Fastify's default 10 s on a slow or busy machine.
    pluginTimeout: 120_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Responses are documented with zod schemas but serialised as plain JSON: handlers select only
  // public columns, and skipping a second validation pass keeps lists fast.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const resources = new ResourceRegistry();
  const jobs = createJobs(db, {
    enabled: config.jobs,
    heartbeatSeconds: config.jobHeartbeatSeconds,
    onError: (err) => app.log.error({ err }, 'job failed'),
  });
  app.decorate('config', config);
  app.decorate('db', db);
  db.onAfterCommitError = (err) => app.log.error({ err }, 'after-commit side effect failed');
  app.decorate('tokens', createTokenService(config.jwtSecret));
  app.decorate('jobs', jobs);
  app.decorate(
    'mailer',
    createMailer(db, jobs, { smtpUrl: config.smtpUrl, from: config.mailFrom, secret: config.jwtSecret, dataDir: config.dataDir }),
  );
  app.decorate('storage', createStorage(db, { blobs, maxBytes: config.maxUploadBytes, communityName: communityNameResolver(db) }));
  app.decorate('resources', resources);
  const secrets = createSecretBox(config.secretsKey, config.previousSecretsKeys);
  bindSecretBox(db, secrets);
  app.decorate('secrets', secrets);
  const outbound = createOutbound(config.outbound);
  bindOutbound(db, outbound);
  app.decorate('outbound', outbound);
  for (const message of warnings) app.log.warn(message);
  app.decorate('modules', modules);
  app.decorate('catalogue', catalogue);
  app.decorate('contributions', <K extends ContributionName>(name: K) => collectContributions(modules, name));
  app.decorate('ports', ports);
  // The kernel's services exist: the modules' ports are made before any route, job or start hook.
  ports.make(app);
  // Metered resources and uploads take from the limits of the module providing `quotas` (none: not counted).
  bindMetering(db, () => ports.find('quotas'));
  // The modules' declared lifecycle: jobs and their schedules, event subscribers, durable workflows.
  for (const module of modules) {
    for (const [name, job] of Object.entries(module.jobs ?? {})) {
      const { run, concurrency } = typeof job === 'function' ? { run: job, concurrency: 1 } : job;
      jobs.handle(name, (data) => run(data, app), { concurrency });
    }
    for (const [name, cron] of Object.entries(module.schedules ?? {})) jobs.schedule(name, cron);
  }
  // onClose hooks run in reverse order of addition: added before any plugin, this one runs last, so
  // plugins release what they hold on the pool (the session cache's LISTEN client) before it ends.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await app.mailer.close();
    outbound.close();
    blobs.close();
    if (!options.db) await db.close();
  });

  // The API reference (Scalar) runs an inline script: its pages alone go without the console's policy.
  await app.register(securityHeaders, {
    helmet: { contentSecurityPolicy: { directives: CONSOLE_CSP }, crossOriginResourcePolicy: { policy: 'same-site' } },
    exempt: '/api/docs',
    api: { prefixes: ['/api/v1/', '/compat/'], helmet: API_HELMET },
  });
  // CORS on /public/<community>/… only, for the community's website origins (after helmet: it overrides CORP there).
  await app.register(publicCors);
  refuseOversizedUploads(app, config.maxUploadBytes);
  await app.register(multipart, { limits: { fileSize: config.maxUploadBytes, files: 20, fields: 100, fieldSize: 1024 * 1024 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Atrium API', version: config.version, description: 'Multi-tenant console for a business online presence.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: publishComponents,
  });
  registerErrorHandling(app);
  await compressAnswers(app);
  await app.register(rateLimitPlugin);
  await app.register(authPlugin);
  await app.register(pageViewsPlugin);
  // The built console at / (apps/web/dist), when there is one.
  await app.register(serveConsole);

  app.get('/api/health', { config: { public: true }, schema: { tags: ['meta'], summary: 'Health' } }, async () => {
    await db.query('select 1');
    return { status: 'ok', database: db.engine, version: config.version };
  });
  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  await app.register(scalar, { routePrefix: '/api/docs', configuration: { url: '/api/openapi.json' } });

  for (const module of modules) resources.add(module.resources ?? []);
  for (const resource of resources.all()) registerResourceRoutes(app, resource);
  registerMetaRoutes(app, resources, catalogue);
  registerDashboardRoute(app, resources);
  await authRoutes(app);
  await app.register(liveUpdates);
  for (const module of modules) await module.routes?.(app);
  await registerPublicForms(
    app,
    modules.flatMap((m) => (m.publicForms ?? []).map((form) => Object.assign(form, { module: m.key }))),
  );
  registerCompatRoutes(
    app,
    modules.flatMap((m) => m.compat ?? []),
  );

  app.addHook('onReady', async () => {
    for (const module of modules) await module.onStart?.(app);
    await jobs.start();
    await seedPlatformCatalogues(app);
    if (options.seed ?? config.env !== 'production') await seedIfEmpty(app);
  });
  // After the queue's start (their onReady hooks resume what a stopped process left part-way).
  installDomainEvents(app, modules);
  installWorkflows(app, modules);
  app.decorate('appLog', (tenantId: string, message: string, context?: Record<string, unknown>) =>
    writeAppLog(db, tenantId, { kind: 'application', level: 'info', message, context }),
  );
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A line in the community's application log. */
    appLog(tenantId: string, message: string, context?: Record<string, unknown>): Promise<void>;
  }
}
