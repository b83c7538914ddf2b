import { defineConfig } from 'drizzle-kit';

// Every module keeps its tables in its own schema.ts; the migrations are generated from all of them.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/platform/*/schema.ts', './src/core/*/schema.ts', './src/areas/*/schema.ts'],
  out: './src/migrations',
});
