import { eq, isNull, or } from 'drizzle-orm';
import { defineResource } from '../resources/resource';
import { NOTIFICATIONS_RESOURCE, publishNotification } from './notify';
import { notifications } from './tables';

/**
 * Console notifications (the bell): raised by the system (a website form was sent, a job failed)
 * through notify(), or written by an admin for the team. Marking one read sets readAt.
 */
export const notificationsResource = defineResource({
  path: NOTIFICATIONS_RESOURCE,
  module: 'notifications',
  table: notifications,
  label: { singular: 'Notification', plural: 'Notifications' },
  readOnly: ['readAt'],
  // A notification for one admin (recipientId) is theirs alone: no other admin reads it or hears of it
  // live (the hub asks the row rule). One for nobody in particular (null) is the whole team's.
  access: {
    read: (caller) =>
      caller.userId ? (or(isNull(notifications.recipientId), eq(notifications.recipientId, caller.userId)) ?? false) : false,
  },
  input: {
    title: (s) => s.trim().min(1).max(200),
    body: (s) => s.max(2000),
    link: (s) => s.trim().max(500),
    source: (s) => s.trim().max(100),
  },
  list: { search: ['title', 'body'], filters: ['read', 'level', 'source', 'createdAt', 'recipientId'] },
  fields: {
    body: { widget: 'textarea' },
    recordId: { help: 'The record it is about' },
    recipientId: { label: 'For', help: 'The admin it is for; empty for the whole team' },
  },
  ui: { title: 'title', columns: ['createdAt', 'title', 'level', 'source', 'read'] },
  hooks: {
    beforeWrite(ctx, data) {
      // Written by an admin without naming whom it is for: a note to themselves (null names the whole team).
      if (ctx.op === 'create' && !('recipientId' in data)) data = { ...data, recipientId: ctx.scope.actor.id };
      if (!('read' in data)) return data;
      const wasRead = Boolean(ctx.existing?.read);
      if (data.read && !wasRead) return { ...data, readAt: new Date() };
      if (data.read === false) return { ...data, readAt: null };
      return data;
    },
    // Every write reaches the bells live, whichever way it came (one record, bulk edit, import).
    afterWrite: (ctx, record) =>
      publishNotification(ctx.tx, ctx.scope.tenantId, ctx.op === 'create' ? 'created' : 'changed', record.id as string),
    beforeDelete: (ctx, record) => publishNotification(ctx.tx, ctx.scope.tenantId, 'removed', record.id as string),
  },
  examples: [
    { title: 'Welcome to your console', body: 'Messages from your website and finished imports appear here.', level: 'info' },
    { title: 'Import finished', body: '120 records updated.', level: 'success', read: true },
  ],
});
