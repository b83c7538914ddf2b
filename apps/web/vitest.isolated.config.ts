import { configDefaults, defineProject } from 'vitest/config';
import shared, { NEEDS_OWN_MODULES } from './vitest.config';

/** The web test files that need modules of their own, each imported afresh (see vitest.config.ts). */
export default defineProject({
  ...shared,
  test: {
    ...shared.test,
    name: 'web-isolated',
    include: NEEDS_OWN_MODULES,
    exclude: configDefaults.exclude,
    isolate: true,
  },
});
