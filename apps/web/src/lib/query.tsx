// The one TanStack Query client. Screens that fetch wrap themselves in <QueryProvider> (the route
// helper does it for every lazily loaded page), so the library is not on the home page's critical path.
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from './api-transport';

// TanStack Query assumes a connection until the browser's first "offline" event: a page opened with none
// (the installed app, from its cache) would try, fail and show errors. Told at once, its queries wait for
// the connection, and the screens say they do (docs/screens.md#offline).
if (typeof window !== 'undefined') onlineManager.setOnline(navigator.onLine);

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // A 4xx will not improve by asking again; a network blip might.
        retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

export const queryClient = createQueryClient();

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
