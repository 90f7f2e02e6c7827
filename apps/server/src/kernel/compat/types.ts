import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Access } from '../access/check';
import type { AuthContext, Scope } from '../auth/context';
import type { Resource } from '../resources/resource';

export interface CompatCall {
  req: FastifyRequest;
  reply: FastifyReply;
  /** JSON body (or multipart fields), `_id` already read as `id`; a bare JSON array arrives as `{ items }`. */
  body: Record<string, unknown>;
  auth: AuthContext | null;
  /** Set when the call is signed in. */
  scope: Scope | null;
}

/** One line of legacy-calls.tsv mapped to an operation of a resource or service. */
export interface CompatEntry {
  service: 'content' | 'site' | 'project' | 'core' | 'ministore' | 'studio';
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  access: Access | 'public';
  /** Returns the `data` of the envelope. */
  handle: (call: CompatCall) => Promise<unknown>;
  /** Set when the line is a resource's seed verb (crudLines): the contract test exercises it generically. */
  crud?: { resource: Resource; verb: 'get' | 'add' | 'update' | 'delete' };
}
