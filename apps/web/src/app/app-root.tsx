import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { PageOriginContext, PostedFormContext } from '../lib/page-render';
import { type Translator, TranslatorProvider } from '../lib/translator';
import { RootErrorBoundary } from './errors/root-error-boundary';
import { Providers } from './providers';

/**
 * What surrounds the router, the same in the browser (start.tsx) and on the server
 * (entry-server.tsx), so that a page rendered on the server hydrates into the same tree.
 */
export function AppRoot({
  client,
  translator,
  posted,
  origin,
  children,
}: {
  client?: QueryClient;
  translator: Translator;
  posted?: { path: string; state: unknown } | undefined;
  /** The page's origin, given by the server while it renders (the browser knows its own). */
  origin?: string;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <RootErrorBoundary>
        <TranslatorProvider translator={translator}>
          <Providers {...(client ? { client } : {})}>
            <PageOriginContext value={origin}>
              <PostedFormContext value={posted}>{children}</PostedFormContext>
            </PageOriginContext>
          </Providers>
        </TranslatorProvider>
      </RootErrorBoundary>
    </StrictMode>
  );
}
