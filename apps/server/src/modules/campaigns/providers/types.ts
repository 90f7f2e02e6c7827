import type { CampaignChannel } from '../tables';

/** One message for one recipient, rendered. `key` is the recipient's idempotency key (the same on every attempt). */
export interface OutgoingMessage {
  key: string;
  to: string;
  /** Email */
  subject?: string;
  html?: string;
  text?: string;
  fromName?: string;
  fromEmail?: string;
  replyTo?: string;
  /** Extra headers (List-Unsubscribe …). */
  headers?: Record<string, string>;
  /** SMS */
  senderId?: string | null;
  dltTemplateId?: string | null;
  /** Push: the notification's JSON; WhatsApp: the template and its values. */
  payload?: unknown;
}

export interface SentMessage {
  providerMessageId: string;
}

/**
 * Why a message was not sent: `transient` (timeouts, 5xx, connection) is retried with backoff,
 * `rate_limited` is retried after `retryAfterMs` without counting as a failure, `permanent` (a
 * refused address, a 4xx) fails the recipient, `gone` (a push subscription the service dropped)
 * fails it and removes the subscription.
 */
export type FailureKind = 'transient' | 'rate_limited' | 'permanent' | 'gone';

export class SendFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'SendFailure';
  }
}

/** A provider for one campaign's send (opened once per slice, closed after). */
export interface ChannelProvider {
  /** Its name as reports and rate limits show it ('smtp', 'http-sms', 'whatsapp-cloud', 'webpush', 'outbox'). */
  readonly name: string;
  readonly channel: CampaignChannel;
  /** How many messages may be in flight at once. */
  readonly concurrency: number;
  /** Reads what a batch's messages need before they go (push: the subscriptions' keys). */
  prepare?(addresses: string[]): Promise<void>;
  send(message: OutgoingMessage): Promise<SentMessage>;
  close(): Promise<void>;
}

/** HTTP answers: 429 is a rate limit, 408 and 5xx are transient, other 4xx permanent. */
export function failureOfStatus(status: number, message: string, retryAfter?: string | null): SendFailure {
  if (status === 429) {
    const seconds = Number(retryAfter);
    return new SendFailure('rate_limited', message, Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 600) * 1000 : 5000);
  }
  if (status === 404 || status === 410) return new SendFailure('gone', message);
  if (status === 408 || status >= 500) return new SendFailure('transient', message);
  return new SendFailure('permanent', message);
}

export const clip = (s: string, max = 300) => (s.length > max ? `${s.slice(0, max)}…` : s);
