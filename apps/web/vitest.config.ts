import react from '@vitejs/plugin-react';
import { configDefaults, defineProject } from 'vitest/config';
import { catalogueIndex } from './catalogue-index-plugin';

/**
 * Test files that need modules of their own: each mocks a module (vi.mock), replaces a global,
 * fakes timers, checks what a module loads once (the router's pages, a service's definition, the
 * step checker), or makes a load fail as if offline (the translator's namespaces, the form's
 * checks), which a module then remembers. They run in the `web-isolated` project
 * (vitest.isolated.config.ts). The other files share their worker's modules, as the server's do
 * (decision 043): importing React, the app and the catalogue again for each of 89 files took
 * more time than their tests. test-setup.ts puts back what a test leaves behind.
 */
export const NEEDS_OWN_MODULES = [
  'src/app/new-service.test.tsx',
  'src/app/router.test.tsx',
  'src/app/services-layout/services-layout.test.tsx',
  'src/features/account-applications/applications-page.test.tsx',
  'src/features/account-applications/drafts-page.test.tsx',
  'src/features/accounts/profile-photo.test.tsx',
  'src/features/accounts/schema-on-submit.test.tsx',
  'src/features/documents/invoice-document.test.tsx',
  'src/features/land/lr-number-form.test.tsx',
  'src/features/payments/account-pages.test.tsx',
  'src/features/payments/payment-page.test.tsx',
  'src/features/public-pages/contact-page.test.tsx',
  'src/features/service-wizard/resume-draft.test.ts',
  'src/features/service-wizard/step-checks-loading.test.tsx',
  'src/features/verification/e-verify-page.test.tsx',
  'src/features/verification/event-page.test.tsx',
  'src/features/verification/frame-decoder.test.ts',
  'src/features/verification/staff-verify-page.test.tsx',
  'src/lib/chunk-loader.test.ts',
  'src/ui/toast/toaster.test.tsx',
  'src/lib/translator.test.tsx',
  'src/lib/form.test.tsx',
  'src/ui/offline/offline-notice.test.tsx',
];

export default defineProject({
  plugins: [react(), catalogueIndex()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...NEEDS_OWN_MODULES],
    setupFiles: ['./src/test-setup.ts'],
    isolate: false,
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
