import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { writeAppLog } from '../events/logs';
import { AppError, type ErrorBody } from './app-error';
import { DomainError } from './domain-error';
import { humanIssue } from './human-messages';

/** An error that is the client's fault, as answered: status, code, message. */
type ClientError = [status: number, code: string, message: string];

/** Fastify's own error codes that are the client's fault, with ours. */
const FASTIFY_CLIENT_ERRORS: Record<string, ClientError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json', 'The body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_json', 'The body is empty but content-type is JSON'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', 'The body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'This content type is not accepted here'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'invalid_request', 'Content-Length does not match the body'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'unsupported_media_type', 'Expected a multipart/form-data upload'],
  FST_REQ_FILE_TOO_LARGE: [413, 'payload_too_large', 'The file is too large'],
  FST_FILES_LIMIT: [413, 'payload_too_large', 'Too many files'],
  FST_PARTS_LIMIT: [413, 'payload_too_large', 'Too many parts'],
  FST_FIELDS_LIMIT: [413, 'payload_too_large', 'Too many fields'],
  FST_PROTO_VIOLATION: [400, 'invalid_request', 'Field names may not be __proto__'],
  FST_ERR_VALIDATION: [400, 'validation_failed', 'Some fields are invalid'],
};

// Answers that several PostgreSQL codes share.
const WRONG_DATE: ClientError = [400, 'invalid_value', 'A date has the wrong format'];
// A NUL character (\u0000) in text or JSON cannot be stored by PostgreSQL.
const UNSTORABLE: ClientError = [400, 'invalid_value', 'A value contains characters that cannot be stored'];
const RETRY: ClientError = [409, 'conflict_retry', 'The record changed at the same time; try again'];

/** PostgreSQL errors caused by input the schemas let through (a too-long string, a bad value). */
const PG_CLIENT_ERRORS: Record<string, ClientError> = {
  '22P02': [400, 'invalid_value', 'A value has the wrong format'],
  '22001': [400, 'value_too_long', 'A value is too long'],
  '22003': [400, 'value_out_of_range', 'A number is out of range'],
  '22007': WRONG_DATE,
  '22008': [400, 'invalid_value', 'A date is out of range'],
  '22009': WRONG_DATE,
  '22021': UNSTORABLE,
  '22P05': UNSTORABLE,
  '23505': [409, 'already_exists', 'A record with these values already exists'],
  '23503': [409, 'related_record_missing', 'A related record does not exist or is still in use'],
  '23514': [400, 'invalid_value', 'A value breaks a rule of this record'],
  '40001': RETRY,
  '40P01': RETRY,
};

const answer = ([status, code, message]: ClientError) => ({ status, body: { error: { code, message } } });

/** Seconds a client is asked to wait when the database is unreachable (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 2;
/**
 * PostgreSQL ending or refusing the connection: class 08 (connection exception), 57P01–57P03 (the
 * server shutting down, crashed, or not yet accepting), 53300 (no connection slot left).
 */
const LOST_CONNECTION_CODE = /^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/;
/** The same seen from node-postgres and the socket: no SQLSTATE, a system error code or message. */
const LOST_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const LOST_MESSAGE = /^Connection terminated|not queryable|timeout exceeded when trying to connect/;

/**
 * Whether err (or the error it wraps: drizzle puts the driver's error in `cause`) says the database
 * went away: not the request's fault nor a bug, so it is a retryable 503.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; typeof e === 'object' && e !== null && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (LOST_CONNECTION_CODE.test(code) || LOST_SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && LOST_MESSAGE.test(message)) return true;
  }
  return false;
}

export function toErrorResponse(err: unknown): { status: number; body: ErrorBody; headers?: Record<string, string> } {
  if (err instanceof AppError) {
    return {
      status: err.status,
      body: {
        error: {
          code: err.code,
          message: err.message,
          ...(err.fields ? { fields: err.fields } : {}),
          ...(err.choices ? { choices: err.choices } : {}),
        },
      },
      headers: err.headers,
    };
  }
  if (err instanceof DomainError) {
    const fields = Object.fromEntries(Object.entries(err.details).map(([k, v]) => [k, String(v)]));
    return {
      status: 400,
      body: { error: { code: err.code, message: err.message, ...(Object.keys(fields).length > 0 ? { fields } : {}) } },
    };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields: Record<string, string> = {};
    for (const v of err.validation) {
      const path = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
      // The type provider puts the zod issue's code in `keyword` and its other members in `params`.
      const keys = (v.params as { keys?: string[] } | undefined)?.keys;
      if (v.keyword === 'unrecognized_keys' && keys) {
        for (const key of keys) fields[path ? `${path}.${key}` : key] = 'Unknown field';
      } else {
        const segments = path ? path.split('.') : [];
        fields[path || (err.validationContext ?? '_')] ??= humanIssue({
          ...(v.params as object),
          code: v.keyword,
          path: segments,
          message: v.message,
        });
      }
    }
    const message =
      err.validationContext === 'querystring' || err.validationContext === 'params'
        ? 'Some values in the address are not valid'
        : 'Some fields need attention';
    return { status: 400, body: { error: { code: 'validation_failed', message, fields } } };
  }
  // Anything may be thrown (null, a string): only objects carry a code or status.
  const e = (typeof err === 'object' && err !== null ? err : {}) as FastifyError & { cause?: { code?: string } };
  const known = e.code ? FASTIFY_CLIENT_ERRORS[e.code] : undefined;
  if (known) return answer(known);
  const pgCode =
    (e.cause as { code?: string } | undefined)?.code ?? (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : undefined);
  const pg = pgCode ? PG_CLIENT_ERRORS[pgCode] : undefined;
  if (pg) return answer(pg);
  if (isDatabaseUnavailable(err)) {
    return {
      status: 503,
      body: { error: { code: 'service_unavailable', message: 'The service is briefly unavailable. Try again in a moment' } },
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
    };
  }
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return { status: e.statusCode, body: { error: { code: 'invalid_request', message: e.message } } };
  }
  return { status: 500, body: { error: { code: 'internal_error', message: 'Something went wrong on our side. It has been logged.' } } };
}

/**
 * One error handler: every refusal is `{ error: { code, message, fields? } }`; 5xx never carry
 * internals; the community's error-code records override the message its users see.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(async (err, req: FastifyRequest, reply: FastifyReply) => {
    const { status, body, headers } = toErrorResponse(err);
    if (status === 503) {
      // The database went away: a warning, not a bug; the community's log lives in that database.
      req.log.warn({ err: loggable(err) }, 'database unavailable');
    } else if (status >= 500) {
      req.log.error({ err: loggable(err) }, 'request failed');
      if (req.auth) {
        await writeAppLog(app.db, req.auth.tenantId, {
          kind: 'error',
          level: 'error',
          message: clip(`${req.method} ${req.routeOptions.url ?? req.url}: ${(err as Error | null)?.message ?? String(err)}`),
          code: body.error.code,
          requestId: req.id,
        });
      }
    }
    if (req.auth && status !== 503)
      body.error.message = await overriddenMessage(app, req.auth.tenantId, body.error.code, body.error.message);
    if (headers) reply.headers(headers);
    if (req.raw.complete === false) closeUnread(req, reply);
    return reply.code(status).send(body);
  });

  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send({ error: { code: 'route_not_found', message: `No route ${req.method} ${req.url.split('?')[0]}` } }),
  );
}

/** How long a connection closed on an unread body still takes (and drops) what the client sends. */
const LINGER_MS = 2000;

/**
 * A refusal sent before the request's body was read to the end (an upload past the limit): the
 * connection is closed after the answer rather than reading the rest, however large, as Node would
 * to reuse it. The close lingers: the answer is followed by a FIN and whatever the client sends for
 * up to LINGER_MS more is dropped. Closing at once with unread bytes makes the kernel reset the
 * connection, and a reset loses the answer before the client has read it.
 */
function closeUnread(req: FastifyRequest, reply: FastifyReply) {
  reply.header('connection', 'close');
  const socket = req.raw.socket as (Socket & { destroySoon?: () => void }) | null;
  if (!socket) return;
  socket.destroySoon = () => {
    socket.end();
    socket.resume();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/** The most of an error's text that reaches a log: a failed query's message carries its SQL and parameters. */
export const MAX_LOGGED_ERROR = 2000;
const clip = (text: string) => (text.length > MAX_LOGGED_ERROR ? `${text.slice(0, MAX_LOGGED_ERROR)}… (${text.length} characters)` : text);

/** An error as logged: type, code, clipped message and stack (never a whole query). */
function loggable(err: unknown) {
  if (typeof err !== 'object' || err === null) return { message: clip(String(err)) };
  const e = err as Error & { code?: unknown; cause?: { message?: string; code?: unknown } };
  return {
    type: e.name,
    code: e.code,
    message: clip(String(e.message)),
    stack: e.stack ? clip(e.stack) : undefined,
    cause: e.cause ? { code: e.cause.code, message: clip(String(e.cause.message)) } : undefined,
  };
}

async function overriddenMessage(app: FastifyInstance, tenantId: string, code: string, fallback: string) {
  try {
    const [row] = await app.db.query<{ message: string }>('select message from error_codes where tenant_id = $1 and code = $2', [
      tenantId,
      code,
    ]);
    return row?.message ?? fallback;
  } catch {
    return fallback;
  }
}
