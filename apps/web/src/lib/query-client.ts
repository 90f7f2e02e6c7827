import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

/** One query client for the app: server state lives here, in memory. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Never retry what the server refused (4xx); retry a network blip once.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
    },
  },
});
