// TanStack Query client: business errors (ApiError with a server code) are not retried.
import { QueryClient } from '@tanstack/react-query';

import { isApiError } from './http';
import { appStore } from './session';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        retry: (failureCount, error) =>
          failureCount < 1 && (!isApiError(error) || ['NETWORK', 'TIMEOUT'].includes(error.code)),
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

// Server texts (details, names of built-in items) follow Accept-Language: refetch them in the new language.
appStore.subscribe((state, prev) => {
  if (state.language !== prev.language) void queryClient.invalidateQueries();
});
