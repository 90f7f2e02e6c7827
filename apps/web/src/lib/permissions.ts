import { useModules } from '../api/get-modules';

/** What the signed-in user's role may read and change, per permission module (from /api/v1/meta/modules). */
export function usePermissions() {
  const modules = useModules();
  const byKey = new Map((modules.data ?? []).map((m) => [m.key, m]));
  return {
    loading: modules.isPending,
    modules: modules.data ?? [],
    canRead: (key: string) => Boolean(byKey.get(key)?.read),
    canWrite: (key: string) => Boolean(byKey.get(key)?.write),
  };
}
