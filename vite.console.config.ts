import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The operator console (issue 40): its own app under /console/, built after the wallet into
 * dist/console. Nothing of it is in the wallet's bundles or its service worker's precache: the
 * wallet's worker lets /console/* reach the network (src/contract/api-segments.ts).
 */
export default defineConfig({
  root: 'src/console',
  base: '/console/',
  plugins: [
    // Its paths are relative to `root`.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './routes',
      generatedRouteTree: './routeTree.gen.ts',
    }),
    react(),
    babel({
      presets: [
        {
          preset: { plugins: ['@lingui/babel-plugin-lingui-macro'] },
          rolldown: { filter: { code: /from ["']@lingui\/(core|react)\/macro["']/ } },
        },
      ],
    }),
    lingui({ configPath: './lingui.console.config.ts' }),
  ],
  build: {
    outDir: '../../dist/console',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
  },
});
