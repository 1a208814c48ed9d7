import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'bench/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
          // Two cores: keep parallel but light.
          maxWorkers: 2,
        },
      },
      {
        test: {
          // Whole server processes: crash, restart and many-instance behaviour.
          name: 'system',
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          include: ['tests/system/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 1,
        },
      },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test/setup.ts'],
          maxWorkers: 2,
        },
      },
    ],
  },
});
