import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SignedInPanel } from '../features/accounts/signed-in-panel';
import { AccountPanelContext } from '../lib/account-panel';
import { ApiError } from '../lib/api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not get better by asking again; a dropped connection may.
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});

/** The app's query client, unless told another (the server renders each page with its own). */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <AccountPanelContext.Provider value={SignedInPanel}>{children}</AccountPanelContext.Provider>
    </QueryClientProvider>
  );
}
