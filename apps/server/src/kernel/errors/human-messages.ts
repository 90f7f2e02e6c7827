import { humanise } from '../resources/labels';

/** The members of a zod issue the sentences use (a zod issue, or one rebuilt from Fastify's validation). */
export interface IssueLike {
  code?: string;
  path?: readonly PropertyKey[];
  message?: string;
  expected?: string;
  input?: unknown;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  format?: string;
  values?: readonly unknown[];
}

/** zod's own messages are for developers ("Too small: expected string to have >=1 characters"). */
const ZOD_DEFAULT = /^(Too (small|big)|Invalid|Unrecognized|Expected|Required)/;

const FORMATS: Record<string, string> = {
  email: 'Enter an email address like name@example.com',
  url: 'Enter a web address starting with https://',
  uuid: 'Choose a record from the list',
  datetime: 'Enter a date and time',
  date: 'Enter a date',
  regex: 'Use only the allowed characters',
};

function fieldName(path: readonly PropertyKey[] | undefined): string {
  const last = [...(path ?? [])].reverse().find((p) => typeof p === 'string') as string | undefined;
  return last ? humanise(last).toLowerCase() : 'a value';
}

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`);

/** One sentence a person understands for a validation issue; declared custom messages are kept. */
export function humanIssue(issue: IssueLike): string {
  if (issue.message && !ZOD_DEFAULT.test(issue.message)) return issue.message;
  const name = fieldName(issue.path);
  const n = (v: number | bigint | undefined) => Number(v ?? 0);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || /received (undefined|null)/.test(issue.message ?? '')) {
        return name === 'a value' ? 'Enter a value' : `Enter ${article(name)}`;
      }
      if (issue.expected === 'number' || issue.expected === 'int') return 'Enter a number';
      if (issue.expected === 'boolean') return 'Choose yes or no';
      if (issue.expected === 'date') return 'Enter a date';
      if (issue.expected === 'array') return 'Choose one or more';
      return `Enter ${article(name)}`;
    case 'too_small':
      if (issue.origin === 'string') {
        return n(issue.minimum) <= 1 ? `Enter ${article(name)}` : `Use at least ${n(issue.minimum)} characters`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return n(issue.minimum) <= 1 ? 'Add at least one' : `Add at least ${n(issue.minimum)}`;
      }
      if (issue.origin === 'date') return 'Choose a later date';
      return issue.inclusive === false ? `Must be more than ${n(issue.minimum)}` : `Must be ${n(issue.minimum)} or more`;
    case 'too_big':
      if (issue.origin === 'string') return `Use at most ${n(issue.maximum)} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Add at most ${n(issue.maximum)}`;
      if (issue.origin === 'date') return 'Choose an earlier date';
      return issue.inclusive === false ? `Must be less than ${n(issue.maximum)}` : `Must be ${n(issue.maximum)} or less`;
    case 'invalid_format':
      return FORMATS[issue.format ?? ''] ?? 'Check the format';
    case 'invalid_value':
    case 'invalid_enum_value':
      return `Choose one of: ${(issue.values ?? []).map((v) => (typeof v === 'string' ? humanise(v) : String(v))).join(', ')}`;
    case 'not_multiple_of':
      return issue.expected === 'int' ? 'Enter a whole number' : 'Enter a rounder number';
    case 'unrecognized_keys':
      return 'Unknown field';
    default:
      return 'Check this value';
  }
}
