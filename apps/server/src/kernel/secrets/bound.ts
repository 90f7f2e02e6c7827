import type { Database } from '../db/database';
import type { SecretBox } from './secret-box';

const boxes = new WeakMap<Database, SecretBox>();

/** The app's secret box, reachable from anything holding its database (resource hooks, services). */
export function bindSecretBox(db: Database, box: SecretBox): void {
  boxes.set(db, box);
}

export function secretBoxFor(db: Database): SecretBox {
  const box = boxes.get(db);
  if (!box) throw new Error('No secret box for this database: build the app first');
  return box;
}
