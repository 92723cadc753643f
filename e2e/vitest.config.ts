import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.test.ts'],
    globalSetup: ['./src/build-web.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two browsers and two stacks at once would overload a 2-core machine.
    fileParallelism: false,
  },
});
