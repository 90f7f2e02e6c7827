import { AsyncLocalStorage } from 'node:async_hooks';

type Callback = () => Promise<void> | void;

const current = new AsyncLocalStorage<{ callbacks: Callback[]; owner: object | undefined }>();

/**
 * Runs `transaction` (a function that commits or throws) and, once it has committed, the callbacks
 * registered with afterCommit() inside it, in order. A transaction that throws drops them: what it
 * meant to trigger never happens. A failing callback is reported, never thrown: the write stands.
 */
export async function inUnitOfWork<T>(transaction: () => Promise<T>, onError: (err: unknown) => void, owner?: object): Promise<T> {
  const callbacks: Callback[] = [];
  const result = await current.run({ callbacks, owner }, transaction);
  for (const callback of callbacks) {
    try {
      await callback();
    } catch (err) {
      onError(err);
    }
  }
  return result;
}

/** Registers `callback` to run after the enclosing tenant transaction (db.withTenant) commits. */
export function afterCommit(callback: Callback): void {
  const unit = current.getStore();
  if (!unit) throw new Error('afterCommit() outside a tenant transaction (db.withTenant)');
  unit.callbacks.push(callback);
}

/**
 * The database whose tenant transaction is running: how a kernel service reached with only a
 * transaction (`emit(tx, …)`, `startWorkflow(tx, …)`) finds the app it belongs to.
 */
export function unitOfWorkOwner(what: string): object {
  const owner = current.getStore()?.owner;
  if (!owner) throw new Error(`${what} outside a tenant transaction (db.withTenant)`);
  return owner;
}
