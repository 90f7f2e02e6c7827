import { api } from '../api/client';
import { applyThemeChoice, setBrandColour, setFavicon } from './appearance';
import { queryClient } from './query-client';
import { clearToken } from './session';

/** Revoke the session on the server (best effort), then forget everything held in memory. */
export async function signOut() {
  try {
    await api.POST('/api/v1/auth/logout');
  } catch {}
  clearToken();
  queryClient.clear();
  applyThemeChoice('system');
  setBrandColour(null);
  setFavicon(null);
}
