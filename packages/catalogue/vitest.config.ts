import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'catalogue',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
