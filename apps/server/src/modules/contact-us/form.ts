import { z } from 'zod';
import { definePublicForm } from '../../kernel/resources';
import { contactUsMessagesResource } from './resources/messages';

/** Messages per visitor address and community. */
const LIMIT = { bucket: 'contact-us', max: 10, windowSeconds: 600 };

const schema = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(120),
  email: z.email('Enter a valid email address').max(254),
  phone: z.string().trim().max(40).optional(),
  subject: z.string().trim().max(200).optional(),
  message: z.string().trim().min(1, 'Write a message').max(5000),
  /** The optional "send me news and offers" box: consent to marketing email, with this message as its proof. */
  consent: z.union([z.boolean(), z.enum(['yes', 'true', 'on', 'no', 'false', 'off', ''])]).optional(),
});

const consented = (value: z.infer<typeof schema>['consent']) => value === true || value === 'yes' || value === 'true' || value === 'on';

/**
 * The community's contact-us form: each message lands in the contact-us list with a console notice,
 * the sender gets a receipt by mail, and the submission is a `forms.submitted` event (with email
 * consent when the sender ticked the box).
 */
export const contactUsForm = definePublicForm({
  key: 'contact-us.message',
  label: 'Contact us',
  path: 'contact-us',
  summary: 'Send the community a contact-us message',
  tags: ['contact-us'],
  schema,
  limit: LIMIT,
  bodyLimit: 32 * 1024,
  resource: contactUsMessagesResource,
  accept: async (ctx, input) => {
    const { consent: _consent, ...message } = input;
    return { record: await ctx.write(message) };
  },
  notice: (r) => ({ title: `Contact message from ${r.name}`, body: `${r.email}${r.subject ? ` · ${r.subject}` : ''}` }),
  consent: (input) => (consented(input.consent) ? { email: true } : {}),
  // A receipt that repeats nothing the visitor typed: the form cannot be used to mail someone else a text of one's choosing.
  confirmation: (ctx, input) => ({
    to: input.email,
    subject: `We received your message: ${ctx.community.displayName}`,
    text: [
      `Thank you for writing to ${ctx.community.displayName}.`,
      'We have your message and will answer it soon.',
      '',
      'If you did not write to us, someone gave your address by mistake: there is nothing to do.',
    ].join('\n'),
  }),
});
