import { after, defineResource } from '../../../kernel/resources';
import { emailSchema } from '../schemas';
import { siteSubscribers } from '../tables';

/** Newsletter subscribers; an unsubscribed address stays listed (and is not mailed). */
export const subscribersResource = defineResource({
  path: 'site/subscribers',
  module: 'site',
  table: siteSubscribers,
  label: { singular: 'Subscriber', plural: 'Subscribers' },
  readOnly: ['unsubscribedAt'],
  // The address is what the visitor sent: only whether it is mailed changes.
  editable: ['subscribed'],
  input: { email: () => emailSchema, name: (s) => s.trim().max(120) },
  list: { search: ['email', 'name'], filters: ['subscribed', 'source'], sort: ['email'] },
  fields: { email: { widget: 'email' }, subscribed: { widget: 'switch' } },
  ui: { title: 'email', columns: ['email', 'name', 'subscribed', 'source', 'createdAt'] },
  hooks: {
    beforeWrite(ctx, data) {
      if (!('subscribed' in data)) return data;
      const subscribed = after(ctx, data, 'subscribed');
      const was = ctx.existing ? Boolean(ctx.existing.subscribed) : true;
      if (subscribed === false && was) return { ...data, unsubscribedAt: new Date() };
      if (subscribed === true) return { ...data, unsubscribedAt: null };
      return data;
    },
  },
  examples: [
    { email: 'ananya.k@example.com', name: 'Ananya K', source: 'website' },
    { email: 'builders@ramco-constructions.example', name: 'Ramco Constructions', source: 'event' },
    { email: 'old.reader@example.com', subscribed: false, source: 'import' },
  ],
});
