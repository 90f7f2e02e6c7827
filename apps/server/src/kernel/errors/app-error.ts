/** One of the answers a refusal offers (the communities where a sign-in's password is right). */
export interface Choice {
  value: string;
  label: string;
}

/**
 * The one error type. `code` is stable and documented; `message` is for people; `choices`, when a
 * refusal can be resolved by picking one of them (and the caller may know them all).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    readonly choices?: Choice[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const errors = {
  validation: (fields: Record<string, string>, message = 'Some fields are invalid') =>
    new AppError(400, 'validation_failed', message, fields),
  badRequest: (code: string, message: string) => new AppError(400, code, message),
  unauthenticated: (message = 'Sign in to continue') => new AppError(401, 'unauthenticated', message),
  invalidCredentials: () => new AppError(401, 'invalid_credentials', 'Email or password is incorrect'),
  forbidden: (message = 'You do not have permission to do this') => new AppError(403, 'forbidden', message),
  communityMismatch: () => new AppError(403, 'community_mismatch', 'The community-name header names another community than your session'),
  notFound: (what = 'Record') => new AppError(404, 'not_found', `${what} not found`),
  conflict: (code: string, message: string, fields?: Record<string, string>) => new AppError(409, code, message, fields),
  /** A request that needs one more answer, which is one of `choices` (409: ask again with it). */
  choose: (code: string, message: string, fields: Record<string, string>, choices: Choice[]) =>
    new AppError(409, code, message, fields, undefined, choices),
  tooLarge: (message = 'The upload is too large') => new AppError(413, 'payload_too_large', message),
  unsupportedMedia: (message: string) => new AppError(415, 'unsupported_media_type', message),
  rateLimited: (retryAfterSeconds: number) =>
    new AppError(429, 'rate_limited', `Too many attempts. Try again in ${retryAfterSeconds} seconds`, undefined, {
      'retry-after': String(retryAfterSeconds),
    }),
};

export type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string>; choices?: Choice[] } };
