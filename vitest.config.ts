import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Vitest 5's reporter calls Map.groupBy, which Node 20 lacks: without this a failing run reports
// "Map.groupBy is not a function" instead of the failure. The config loads in the main process.
if (!('groupBy' in Map)) {
  Object.defineProperty(Map, 'groupBy', {
    value<K, T>(items: Iterable<T>, key: (item: T, index: number) => K) {
      const groups = new Map<K, T[]>();
      let i = 0;
      for (const item of items) {
        const k = key(item, i++);
        const group = groups.get(k);
        if (group) group.push(item);
        else groups.set(k, [item]);
      }
      return groups;
    },
  });
}

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Every core, not Vitest's default of one fewer: on CI's 2 cores that was one test file at a
      // time, and the server's files spend much of their time waiting on PostgreSQL and timers.
      maxWorkers: '100%',
      projects: [
        {
          extends: true,
          test: {
            name: 'client',
            environment: 'happy-dom',
            include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
            setupFiles: ['./src/test-setup.ts', './src/test-fast-check.ts'],
          },
        },
        {
          // Vitest 5: this project extends vite.config.ts too, so the server's own translations
          // (server/src/i18n: Lingui macros and .po catalogs) compile as the app's do.
          test: {
            name: 'server',
            environment: 'node',
            include: ['server/**/*.test.ts'],
            setupFiles: ['./src/test-fast-check.ts'],
            globalSetup: ['./server/test-support/pglite-template.ts'],
            testTimeout: 30_000,
            hookTimeout: 60_000,
            pool: 'forks',
          },
        },
      ],
    },
  }),
);
