import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

/**
 * Keeps a search box and the URL's `q` in step while the URL lags behind the typing (a busy page
 * re-renders late). The box follows the URL when something else changes it (back button, a saved
 * view), but never jumps back to an echo of an earlier push: typing "b", "o", "b" while the URL
 * still catches up with "b" must not leave the box at "b" (and the next key turning it into "bb").
 */
export function createSearchSync(initial: string) {
  let url = initial;
  /** Values pushed to the URL whose echo has not come back yet, oldest first. */
  const pending: string[] = [];
  /** Something typed is waiting for the debounce: the URL will be set to it. */
  let waiting = false;
  return {
    typed() {
      waiting = true;
    },
    /** The debounced value goes to the URL. */
    pushed(value: string) {
      waiting = false;
      // The URL already says so: no echo will come.
      if (value !== url) pending.push(value);
    },
    /** The push was dropped (a record opened): nothing is on its way. */
    cancelled() {
      waiting = false;
    },
    /** The URL's q is now `q`: what the box should show, or null to keep what it shows. */
    urlChanged(q: string): string | null {
      url = q;
      const echo = pending.indexOf(q);
      if (echo >= 0) {
        // Our own push (perhaps an older one, arriving late): what is typed stays.
        pending.splice(0, echo + 1);
        return null;
      }
      // Typing wins over anything else: the next push sets the URL to what was typed.
      if (waiting || pending.length > 0) return null;
      return q;
    },
  };
}

/** A search box bound to the URL's `q` with a debounce: the URL and the list always end with what was typed. */
export function useSearchBox(urlQ: string, push: (q: string) => void, delay = 300) {
  const sync = useRef<ReturnType<typeof createSearchSync> | null>(null);
  sync.current ??= createSearchSync(urlQ);
  const [value, setValue] = useState(urlQ);
  const debounced = useDebouncedCallback((q: string) => {
    sync.current!.pushed(q);
    push(q);
  }, delay);
  useEffect(() => {
    const next = sync.current!.urlChanged(urlQ);
    if (next !== null) setValue(next);
  }, [urlQ]);
  return {
    value,
    onChange(q: string) {
      sync.current!.typed();
      setValue(q);
      debounced(q);
    },
    /** Drops a push still waiting (a record opens and carries the box's value in its own navigation). */
    cancel() {
      debounced.cancel();
      sync.current!.cancelled();
    },
  };
}
