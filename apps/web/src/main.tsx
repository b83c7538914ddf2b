import './ui/theme/theme.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { RootErrorBoundary } from './app/errors/root-error-boundary';
import { Providers } from './app/providers';
import { PortalRoutes } from './app/router';
import { setAuthToken } from './lib/api-client';
import { startI18n } from './lib/i18n';
import { unregisterServiceWorkers } from './lib/service-worker';
import { readTokenCookie } from './lib/session-token';

void unregisterServiceWorkers().catch(() => undefined);
// Spec: the token from the cookie is sent as a Bearer header when present at start-up.
setAuthToken(readTokenCookie());

const root = createRoot(document.getElementById('root')!);

startI18n().finally(() => {
  // A transition: the first render comes in slices that leave a phone's main thread free between
  // them (its Suspense fallbacks still show at once: nothing was on the screen before).
  startTransition(() =>
    root.render(
      <StrictMode>
        <RootErrorBoundary>
          <Providers>
            <BrowserRouter>
              <PortalRoutes />
            </BrowserRouter>
          </Providers>
        </RootErrorBoundary>
      </StrictMode>,
    ),
  );
});
