import { readFileSync } from 'node:fs';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { prerenderPages } from './scripts/prerender/vite-plugin.ts';
import { BRAND } from './src/config/brand.ts';
import { API_SEGMENTS } from './src/contract/api-segments';

/** The one manifest: the PWA plugin emits it from this file, so there is no second copy. */
const manifest = {
  ...JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8')),
  name: `${BRAND.productName} Wallet`,
  short_name: BRAND.productName,
};

/** Lingui's macros compiled in the files that import them. */
const linguiMacros = {
  presets: [
    {
      preset: { plugins: ['@lingui/babel-plugin-lingui-macro'] },
      rolldown: { filter: { code: /from ["']@lingui\/(core|react)\/macro["']/ } },
    },
  ],
};

export default defineConfig({
  base: '/',
  // Identifies a build in diagnostics and in the update tests (two builds must differ).
  define: {
    __BUILD_ID__: JSON.stringify(process.env.BUILD_ID ?? 'local'),
    // The service worker's list of API areas, taken from the contract without bundling its schemas.
    __API_SEGMENTS__: JSON.stringify(API_SEGMENTS),
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
    babel(linguiMacros),
    lingui(),
    prerenderPages(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest,
      manifestFilename: 'manifest.webmanifest',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html}'],
        // The QR scanning engine and the code request's proof of work are useless offline (a
        // transfer and a code need the network): the worker caches them at runtime on first use
        // instead of growing every install.
        // The operator console (dist/console) is another app: never the wallet's to install.
        globIgnores: ['**/qr-decode.worker-*.js', '**/qr-scanner*.js', '**/human-check.worker-*.js', 'console/**'],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    manifest: true,
    modulePreload: {
      // A dynamic import (a route, the API layer) lets the browser fetch its own imports: Vite's
      // helper otherwise adds one <link rel="modulepreload"> per dependency (20–28 for a route),
      // and creating them cost ≈ 30 ms of main thread in a single task of home's launch. The
      // page's own HTML keeps its list (the prerendered pages preload everything they run).
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
  },
  server: { proxy: {} },
});
