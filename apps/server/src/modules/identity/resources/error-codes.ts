import { errorCodes } from '../../../kernel/errors';
import { defineResource } from '../../../kernel/resources';

/** The community's error codes: overrides of the messages its users see. Error management screen. */
export const errorCodesResource = defineResource({
  path: 'settings/error-codes',
  module: 'error-management',
  table: errorCodes,
  label: { singular: 'Error code', plural: 'Error codes' },
  input: {
    code: (s) => s.trim().regex(/^[a-z][a-z0-9_]{1,63}$/, 'Use lowercase letters, digits and underscores'),
    message: (s) => s.trim().min(1).max(500),
    description: (s) => s.max(2000),
    httpStatus: (s) => s.int().min(400).max(599),
    module: (s) => s.max(60),
  },
  list: { search: ['code', 'message'], filters: ['module', 'httpStatus'], sort: ['code'], defaultSort: 'code' },
  fields: { description: { widget: 'textarea' } },
  ui: { title: 'code', columns: ['code', 'message', 'httpStatus', 'module'] },
  examples: [
    {
      code: 'invalid_credentials',
      message: 'That email and password do not match. Try again or reset your password.',
      httpStatus: 401,
      module: 'auth',
    },
    { code: 'rate_limited', message: 'Easy there! Too many attempts, please wait a moment.', httpStatus: 429, module: 'auth' },
    { code: 'payment_declined', message: 'Your card was declined. Please use another card.', httpStatus: 402, module: 'billing' },
  ],
});
