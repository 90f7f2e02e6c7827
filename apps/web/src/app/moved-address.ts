import type { Screen } from '../config/screen-types';

/**
 * Where an older address of a screen leads now, or null when it is current: a moved page goes to its
 * list screen (`movedTo`, its `?id=` becoming `?record=`), and a record parameter the screen used to
 * have (`recordParams`, e.g. `?segment=<id>`) becomes `?record=<id>`, and a renamed one (`renamedParams`,
 * e.g. `?from=<id>`) takes its new name. Other parameters are kept.
 */
export function movedAddress(screen: Pick<Screen, 'movedTo' | 'recordParams' | 'renamedParams'>, url: URL): string | null {
  const params = new URLSearchParams(url.search);
  const moves: Record<string, Record<string, string>> = { ...screen.recordParams, ...(screen.movedTo ? { id: {} } : {}) };
  let changed = false;
  for (const [param, extra] of Object.entries(moves)) {
    const id = params.get(param);
    if (id === null) continue;
    params.delete(param);
    if (!id) continue;
    params.set('record', id);
    for (const [key, value] of Object.entries(extra)) params.set(key, value);
    changed = true;
  }
  for (const [param, name] of Object.entries(screen.renamedParams ?? {})) {
    const value = params.get(param);
    if (value === null) continue;
    params.delete(param);
    if (value && !params.has(name)) params.set(name, value);
    changed = true;
  }
  let path = url.pathname;
  if (screen.movedTo) {
    const to = new URL(screen.movedTo, url.origin);
    path = to.pathname;
    to.searchParams.forEach((value, key) => {
      if (!params.has(key)) params.set(key, value);
    });
  } else if (!changed) return null;
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
