import { publish } from '../../../kernel/live';
import type { Db } from '../../../kernel/resources';

/** What a board needs to place a changed card (a hint, not the record: the board reloads what it shows). */
export type CardChange = Record<string, unknown> & { id?: unknown; projectId?: unknown; status?: unknown; position?: unknown };

/**
 * A project's record changed: told live (the kernel's record topic) to every stream that may read
 * the resource, so boards open in other browsers follow it. `event` is `builder.<thing>.<what>`
 * (created, changed, moved, removed).
 */
export const announce = (tx: Db, tenantId: string, resource: string, event: string, card: CardChange) =>
  publish(tx, {
    tenantId,
    topic: { record: [resource, String(card.id)] },
    event,
    data: { id: card.id, projectId: card.projectId ?? null, status: card.status ?? null, position: card.position ?? null },
  });
