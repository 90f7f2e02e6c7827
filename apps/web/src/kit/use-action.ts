import { notifications } from '@mantine/notifications';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../api/client';

/**
 * The actions a record's panel runs (approve, refund, dispatch…): which one is under way (`busy`, by name),
 * a notice when it is done or refused, and the queries in `refresh` reloaded after it. `run` answers
 * whether it succeeded.
 */
export function useAction(refresh: QueryKey[]) {
  const client = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  return {
    busy,
    async run(name: string, action: () => Promise<unknown>, done: string): Promise<boolean> {
      setBusy(name);
      try {
        await action();
        notifications.show({ color: 'teal', message: done });
        await Promise.all(refresh.map((queryKey) => client.invalidateQueries({ queryKey })));
        return true;
      } catch (err) {
        notifications.show({ color: 'red', title: 'Not done', message: err instanceof ApiError ? err.message : 'Try again' });
        return false;
      } finally {
        setBusy(null);
      }
    },
  };
}
