import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/support/global-setup.ts'],
    setupFiles: ['./test/support/contract-setup.ts'],
    // The server's test files share their worker's modules (not one fresh import of the whole
    // server per file): importing the app took about 3.6 s of CPU per file, 313 s of a 2-core run's
    // 885 s; without isolation it is 37 s. Each file builds its own app and database, and the two
    // that fake timers restore them; nothing else is held in a module between files.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
