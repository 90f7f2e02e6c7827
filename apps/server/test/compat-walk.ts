import type { LightMyRequestResponse } from 'fastify';
import type { Part, TestApp, TestCommunity } from './helpers';
import type { FakeGateways } from './payment-fakes';

export type Json = Record<string, any>;

/**
 * What a module's compat walk gets from the contract test (test/compat-contract.test.ts): the app,
 * a signed-up community and helpers that call a line by its contract key and record it as called.
 * Fields are filled before the first walk runs: read them inside the `it` bodies.
 */
export interface WalkKit {
  t: TestApp;
  /** The community the lines are called as. */
  c: TestCommunity;
  /** A 4×4 PNG for upload lines. */
  png: Buffer;
  /** Local fake Razorpay and PayU APIs (the payment lines create real orders there). */
  fake: FakeGateways;
  /** Calls a line by its contract key ('POST /site/blog/get'), JSON (GET: query) as `as` (null: no token). */
  line(key: string, body?: unknown, as?: TestCommunity | null, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** Calls a multipart line. */
  upload(key: string, parts: Part[], as?: TestCommunity): Promise<LightMyRequestResponse>;
  /** The answer's data, after checking it is a 200. */
  ok(res: LightMyRequestResponse): any;
  /** A call to the REST API (/api/v1/<path>): status and data (or the error). */
  v1(method: 'GET' | 'POST' | 'DELETE', path: string, payload?: Json, as?: TestCommunity): Promise<{ status: number; data: any }>;
  /** A record created through the REST API (checked 201). */
  made(path: string, payload: Json): Promise<Json>;
  withToken(who: TestCommunity, token: string): TestCommunity;
  /** The status of GET /auth/me with that token. */
  signsIn(who: TestCommunity, token: string): Promise<number>;
  /** The one-time code in the last mail to `email`. */
  codeFor(email: string): string;
  ids(rows: Json[]): string[];
}

/**
 * A module's compat walk, beside its own tests as `test/<module>.compat-walk.ts`: how many contract
 * lines the module serves (the contract test holds the module's declared compat entries to it) and
 * the tests that call each line beyond the resource lines (add/get/update/delete, walked generically).
 * A new area adds its file; no shared test file changes.
 */
export interface CompatWalk {
  module: string;
  served: number;
  walk?: (kit: WalkKit) => void;
}

export const defineCompatWalk = (walk: CompatWalk): CompatWalk => walk;
