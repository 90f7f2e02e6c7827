import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Me, updateMe } from '../api/get-me';
import { applyThemeChoice, type ThemeChoice, themeChoiceStore } from './appearance';
import { getToken } from './session';
import { useStore } from './store';

/** The user's theme choice and a setter that applies it at once and remembers it for the user. */
export function useThemeChoice() {
  const theme = useStore(themeChoiceStore);
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (next: ThemeChoice) => updateMe({ theme: next }),
    onSuccess: (result) => {
      client.setQueryData<Me>(['me', getToken()], (old) => (old ? { ...old, data: result.data } : old));
    },
    onError: () => notifications.show({ color: 'red', title: 'Theme not saved', message: 'It applies until you reload.' }),
  });
  return {
    theme,
    setTheme(next: ThemeChoice) {
      if (next === theme) return;
      applyThemeChoice(next);
      save.mutate(next);
    },
  };
}
