import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'mpesa-sim',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
