import { type Database, openDatabase } from './database';

/**
 * For the platform's database tests: PGlite in memory always, and PostgreSQL too when
 * DATABASE_URL is set (as CI runs them), each as `[name, open]` for `describe.each`.
 */
export const testDatabases: ReadonlyArray<readonly [string, () => Promise<Database>]> = [
  ['PGlite', () => openDatabase({ kind: 'pglite' })],
  ...(process.env.DATABASE_URL
    ? [
        [
          'PostgreSQL',
          () => openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL!, poolSize: 4 }),
        ] as const,
      ]
    : []),
];
