import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Me, updateMe } from '../api/get-me';
import { type ThemeName, themeStore } from './appearance';
import { getToken } from './session';
import { useStore } from './store';

/** The theme in force and a setter that applies it at once and remembers it for the user. */
export function useThemeChoice() {
  const theme = useStore(themeStore);
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (next: ThemeName) => updateMe({ theme: next }),
    onSuccess: (result) => {
      client.setQueryData<Me>(['me', getToken()], (old) => (old ? { ...old, data: result.data } : old));
    },
    onError: () => notifications.show({ color: 'red', title: 'Theme not saved', message: 'It applies until you reload.' }),
  });
  return {
    theme,
    setTheme(next: ThemeName) {
      if (next === theme) return;
      themeStore.set(next);
      save.mutate(next);
    },
  };
}
