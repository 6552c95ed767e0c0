import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig, { linguiMacros } from './vite.config.ts';

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
          // The server's own translations (server/src/i18n): its macros and its catalogs.
          plugins: [babel(linguiMacros), lingui()],
          test: {
            name: 'server',
            environment: 'node',
            include: ['server/**/*.test.ts'],
            setupFiles: ['./src/test-fast-check.ts'],
            testTimeout: 30_000,
            hookTimeout: 60_000,
            pool: 'forks',
          },
        },
      ],
    },
  }),
);
