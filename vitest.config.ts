import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

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
            include: ['src/**/*.test.{ts,tsx}'],
            setupFiles: ['./src/test-setup.ts'],
          },
        },
        {
          test: {
            name: 'server',
            environment: 'node',
            include: ['server/**/*.test.ts'],
            testTimeout: 30_000,
            hookTimeout: 60_000,
            pool: 'forks',
          },
        },
      ],
    },
  }),
);
