import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { catalogueIndex } from './catalogue-index-plugin';

export default defineProject({
  plugins: [react(), catalogueIndex()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
