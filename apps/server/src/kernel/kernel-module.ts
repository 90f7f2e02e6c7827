import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { auditLogResource, logsResource } from './events/resources';
import { eventRetention } from './events/retention';
import { outbox } from './messaging/tables';
import { defineModule } from './module';
import { notificationsResource } from './notifications/resource';
import { eventDeliveriesResource, operationsRoutes, workflowRunsResource } from './operations';
import { deleteOnly } from './resources/operations';
import { defineResource } from './resources/resource';
import { removeStoredBytes, STORAGE_METER, type StoredFile, uploadParts } from './storage/storage';
import { files } from './storage/tables';
import { requireCommunity } from './tenancy/communities';

/** Every outgoing message; the development outbox when no transport is configured. */
export const outboxResource = defineResource({
  path: 'ops/outbox',
  module: 'notifications',
  table: outbox,
  label: { singular: 'Message', plural: 'Outbox' },
  operations: deleteOnly,
  list: { search: ['to', 'subject'], filters: ['channel', 'status', 'to', 'createdAt'] },
  ui: { title: 'subject', columns: ['createdAt', 'channel', 'to', 'subject', 'status'] },
  fields: {
    status: { options: { outbox: { label: 'Kept here (no mail server)' }, sent: { label: 'Sent' }, failed: { label: 'Failed' } } },
  },
  // Secret messages (one-time codes) are stored redacted by the mailer: reading or searching shows no code.
  examples: [
    { channel: 'email', to: 'hello@example.com', subject: 'Welcome to Atrium', text: 'Your community is ready.', status: 'outbox' },
  ],
});

/** Uploaded files (the media library). Uploads go through POST /api/v1/media/files (multipart). */
export const filesResource = defineResource({
  path: 'media/files',
  module: 'media',
  table: files,
  label: { singular: 'File', plural: 'Files' },
  hidden: ['storageKey'],
  operations: deleteOnly,
  // Stored bytes count toward the community's storage: taken on upload (storage.ts), given back on delete.
  meter: STORAGE_METER,
  list: { search: ['filename'], filters: ['contentType', 'purpose', 'isPublic', 'createdAt'], sort: ['filename', 'size'] },
  ui: { title: 'filename', columns: ['filename', 'contentType', 'size', 'createdAt'] },
  hooks: {
    // The record is gone once the transaction commits; then its bytes go too.
    afterCommit: async (scope, op, records) => {
      if (op !== 'delete') return;
      for (const record of records) await removeStoredBytes(scope.db, `${scope.tenantId}/${record.id}`);
    },
  },
  examples: [],
});

async function fileRoutes(app: FastifyInstance) {
  app.post(
    '/api/v1/media/files',
    {
      config: { access: 'media:write' },
      schema: {
        tags: ['media'],
        summary: 'Upload files (multipart/form-data); ?visibility=private keeps them off the public URL',
        consumes: ['multipart/form-data'],
        querystring: z.object({ visibility: z.enum(['public', 'private']).default('public') }),
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) {
        return reply.code(415).send({ error: { code: 'unsupported_media_type', message: 'Expected a multipart/form-data upload' } });
      }
      const auth = req.auth!;
      const { visibility } = req.query as { visibility: 'public' | 'private' };
      const stored: StoredFile[] = [];
      try {
        for await (const part of uploadParts(req.files())) {
          stored.push(
            await app.storage.save(auth.tenantId, {
              stream: part.file,
              filename: part.filename,
              uploadedBy: auth.userId,
              purpose: part.fieldname,
              isPublic: visibility === 'public',
            }),
          );
        }
      } catch (err) {
        // One file refused refuses the upload: the ones stored before it go too.
        await app.storage.discard(auth.tenantId, stored);
        throw err;
      }
      if (stored.length === 0) return reply.code(400).send({ error: { code: 'no_file', message: 'Attach at least one file' } });
      return reply.code(201).send({ data: stored });
    },
  );

  const fileParams = z.object({ id: z.uuid() });
  app.get(
    '/api/v1/media/files/:id/content',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['media'],
        summary: 'Download a file (a private one only with read permission on a record that holds it)',
        params: fileParams,
      },
    },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const auth = req.auth!;
      const reader = { id: auth.userId, isOwner: auth.isOwner, permissions: auth.permissions };
      const { record, stream } = await app.storage.openFor(auth.tenantId, id, reader, (path) => app.resources.get(path)?.module);
      return sendFile(reply, record, stream, 'private, max-age=3600');
    },
  );

  app.get(
    '/public/:community/files/:id',
    {
      config: { public: true },
      schema: {
        tags: ['public'],
        summary: 'A public file of a community',
        params: z.object({ community: z.string().max(63), id: z.uuid() }),
      },
    },
    async (req, reply) => {
      const { community, id } = req.params as { community: string; id: string };
      const c = await requireCommunity(app.db, community);
      const { record, stream } = await app.storage.open(c.id, id, true);
      // File ids never get new bytes: cache for a year.
      return sendFile(reply, record, stream, 'public, max-age=31536000, immutable');
    },
  );
}

function sendFile(
  reply: import('fastify').FastifyReply,
  record: { contentType: string; size: number; filename: string },
  stream: NodeJS.ReadableStream,
  cache: string,
) {
  const inline = record.contentType.startsWith('image/') || record.contentType === 'application/pdf';
  return reply
    .header('content-type', record.contentType)
    .header('content-length', record.size)
    .header('cache-control', cache)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(record.filename)}`)
    .send(stream);
}

/** The kernel's own module: its permission modules and resources (audit, logs, outbox, files, notifications, operations). */
export const kernelModule = defineModule({
  key: 'kernel',
  label: 'Platform',
  area: 'settings',
  permissionModules: [
    { key: 'admin-management', label: 'Admin Management' },
    { key: 'performance', label: 'Performance' },
    { key: 'notifications', label: 'Notifications' },
    { key: 'version', label: 'Version' },
    { key: 'media', label: 'Media library', area: 'media', starter: 'content' },
  ],
  resources: [
    auditLogResource,
    logsResource,
    outboxResource,
    filesResource,
    notificationsResource,
    eventDeliveriesResource,
    workflowRunsResource,
  ],
  jobs: eventRetention.jobs,
  schedules: eventRetention.schedules,
  async routes(app) {
    await fileRoutes(app);
    await operationsRoutes(app);
  },
});
