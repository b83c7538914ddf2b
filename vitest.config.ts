import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each workspace keeps its own config beside its code.
export default defineConfig({
  test: {
    passWithNoTests: true,
    projects: ['packages/contract', 'packages/catalogue', 'apps/server', 'apps/web', 'tools/mpesa-sim'],
  },
});
