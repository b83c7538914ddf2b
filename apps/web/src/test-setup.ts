import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetAuth } from './features/accounts/auth-store';
import { setApiLanguage, setAuthToken } from './lib/api-client';
import { currentToasts, dismissToast } from './ui/toast/toast-store';

// findBy… and waitFor wait for a condition, never a fixed time: on a loaded 2-core machine (the
// test run beside browser tests and builds) a page may take seconds to draw, so they wait up to
// 10 s before failing (a passing test is not slowed: it goes on as soon as the condition holds).
configure({ asyncUtilTimeout: 10_000 });

// Most web test files share their worker's modules and page (vitest.config.ts): after each test,
// what one test left signed in, stored, stubbed or shown is put back as a new visitor finds it.
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  // A file may run in Node (`@vitest-environment node`): no page to put back.
  if (typeof document === 'undefined') return;
  cleanup();
  resetAuth();
  setAuthToken(undefined);
  setApiLanguage(undefined);
  for (const shown of currentToasts()) dismissToast(shown.id);
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: each cookie a test wrote is removed the plain way.
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.documentElement.lang = 'en';
});
