import { randomUUID } from 'node:crypto';
import type { SendResult } from './types';

/**
 * The development provider: the message is recorded where it was written (the control center's
 * history, later a campaign's messages) and marked `outbox`, never sent anywhere.
 */
export const outboxResult = (): SendResult => ({ status: 'outbox', provider: 'outbox', providerMessageId: `outbox_${randomUUID()}` });
