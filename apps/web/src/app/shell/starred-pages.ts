import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { type Me, meQuery, updateMe } from '../../api/get-me';
import { getToken } from '../../lib/session';
import { createStore, useStore } from '../../lib/store';
import { rememberPage, STAR_LIMIT, toggleStar } from './nav-model';

/**
 * The user's starred pages, kept on the server (PATCH /api/v1/auth/me `starred`, at most 10) and read
 * from the signed-in user: changed at once on screen, put back if the server refuses.
 */
export function useStarredPages() {
  const client = useQueryClient();
  const token = getToken();
  const me = useQuery(meQuery(token));
  const starred: string[] = me.data?.data.starred ?? [];
  const key = meQuery(token).queryKey;
  const setStarred = (next: string[]) =>
    client.setQueryData<Me>(key, (old) => (old ? { ...old, data: { ...old.data, starred: next } } : old));

  async function toggle(path: string, label: string) {
    const before = starred;
    const next = toggleStar(before, path);
    if (!next) {
      notifications.show({ color: 'yellow', message: `You can star up to ${STAR_LIMIT} pages: unstar one first` });
      return;
    }
    setStarred(next);
    try {
      await updateMe({ starred: next });
    } catch (err) {
      setStarred(before);
      notifications.show({
        color: 'red',
        title: `“${label}” not ${next.length > before.length ? 'starred' : 'unstarred'}`,
        message: err instanceof ApiError ? err.message : 'Try again',
      });
    }
  }
  return { starred, isStarred: (path: string) => starred.includes(path), toggle };
}

/** Pages visited in this tab, the latest first (in memory: the console keeps nothing but the token). */
export const recentPages = createStore<string[]>([]);
export const visitPage = (path: string) => recentPages.set(rememberPage(recentPages.get(), path));
export const useRecentPages = () => useStore(recentPages);
