import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/support/global-setup.ts'],
    setupFiles: ['./test/support/contract-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
