import { eq, or } from 'drizzle-orm';
import { type AccessCaller, defineResource, errors } from '../../../kernel/resources';
import { stampCreator } from '../access';
import { builderAttendance, builderTimeLogs } from '../tables';
import { dateInput, projectRecord } from './common';

const record = projectRecord('builder_time_logs', (ctx, data) =>
  ctx.op === 'create' && !data.userId ? { ...data, userId: ctx.scope.actor.id } : data,
);

/** Work logs: time entries against a project and task (logs/getLogs…). */
export const timeLogsResource = defineResource({
  path: 'builder/time-logs',
  module: 'work-logs',
  table: builderTimeLogs,
  label: { singular: 'Time entry', plural: 'Time entries' },
  readOnly: ['createdBy'],
  input: {
    date: () => dateInput().unwrap(),
    minutes: (s) =>
      s
        .int()
        .min(1, 'At least a minute')
        .max(24 * 60, 'At most a day'),
    note: (s) => s.trim().max(2000),
  },
  access: record.access,
  hooks: record.hooks,
  list: { search: ['note'], filters: ['projectId', 'taskId', 'userId', 'date'], sort: ['date', 'minutes'], defaultSort: '-date' },
  fields: {
    projectId: { label: 'Project' },
    taskId: { label: 'Task' },
    userId: { label: 'Person' },
    date: { widget: 'date' },
    minutes: { widget: 'number' },
  },
  ui: { title: 'date', columns: ['date', 'userId', 'projectId', 'taskId', 'minutes', 'note'] },
  examples: [
    { date: '2026-11-23', minutes: 240, note: 'Checkout flow' },
    { date: '2026-11-24', minutes: 180, note: 'Dealer price lists' },
  ],
});

const ownDays = (c: AccessCaller) =>
  c.isOwner ? true : c.userId ? (or(eq(builderAttendance.userId, c.userId), eq(builderAttendance.createdBy, c.userId)) ?? false) : false;

/** The attendance log table (logs/*LogTable): a person's day. Owners keep everyone's; others their own. */
export const attendanceResource = defineResource({
  path: 'builder/attendance',
  module: 'work-logs',
  table: builderAttendance,
  label: { singular: 'Attendance entry', plural: 'Attendance' },
  readOnly: ['createdBy'],
  access: { read: ownDays, write: ownDays },
  input: {
    date: () => dateInput().unwrap(),
    checkIn: (s) => s.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM'),
    checkOut: (s) => s.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM'),
    note: (s) => s.trim().max(1000),
  },
  hooks: {
    beforeWrite: (ctx, data) => {
      const out = stampCreator(ctx, ctx.op === 'create' && !data.userId ? { ...data, userId: ctx.scope.actor.id } : data);
      const checkIn = 'checkIn' in out ? out.checkIn : ctx.existing?.checkIn;
      const checkOut = 'checkOut' in out ? out.checkOut : ctx.existing?.checkOut;
      if (checkIn && checkOut && String(checkOut) < String(checkIn)) throw errors.validation({ checkOut: 'After the check-in' });
      return out;
    },
  },
  list: { filters: ['userId', 'date', 'status'], sort: ['date'], defaultSort: '-date' },
  fields: {
    userId: { label: 'Person' },
    date: { widget: 'date' },
    status: {
      options: {
        present: { color: 'green' },
        remote: { color: 'blue' },
        half_day: { color: 'yellow' },
        leave: { color: 'gray' },
        absent: { color: 'red' },
      },
    },
  },
  ui: { title: 'date', columns: ['date', 'userId', 'status', 'checkIn', 'checkOut'] },
  examples: [{ date: '2026-11-23', status: 'present', checkIn: '09:30', checkOut: '18:00' }],
});
