import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

import { API_PATH_PATTERN } from './src/access/api-families.ts';

// Every path family the server answers (src/access/api-families.ts). In development the Vite
// server forwards them to `npm run serve` on port 8080, keeping the Host header so
// http://agents.localhost:5173 still reaches the agent client.
const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

// VITE_API_BASE (read by src/api at build time) points a build at another provider API host;
// unset means same origin, which is what `npm start` serves.
export default defineConfig({
  plugins: [
    react(),
    vanillaExtractPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      // src/app/pwa.ts registers through workbox-window itself.
      injectRegister: false,
      // Precached beside the app shell so the tab icon survives offline starts.
      includeAssets: ['favicon.svg'],
      injectManifest: {
        // Icons and the manifest are added by the plugin; a wider glob adds them twice (TOOLCHAIN.md).
        globPatterns: ['**/*.{js,css,html}'],
      },
      manifest: {
        name: 'Porchlight',
        short_name: 'Porchlight',
        description: 'Porchlight: the console of the Porchlight real-estate referral platform.',
        theme_color: '#00796b',
        background_color: '#ffffff',
        display: 'standalone',
        // Agents install the follow-ups view; everyone else is sent on to their own landing page.
        start_url: '/console/agent-followups',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  server: {
    proxy: {
      [API_PATH_PATTERN.source]: { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    // Every browser the console supports (es2022) knows <link rel="modulepreload">: no polyfill.
    // index.html lists the entry's chunks. A lazy page's are not preloaded by script: Vite's helper
    // appended one <link> per chunk of the page (32 for the overview) in one task, each starting a
    // fetch, and that task was the longest of a signed-in load; the browser's module loader fetches
    // the same chunks as it reads the page's imports, from the service worker's cache, at no cost
    // to the main thread (docs/decisions/0055-no-script-preload-of-lazy-chunks.md).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    cssCodeSplit: false,
    rolldownOptions: {
      // The timing report fires on this 2-core machine whenever the service-worker build runs; noise.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          groups: [
            // React changes less often than the app: its own long-cached chunk survives app deploys.
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // TanStack Query in one chunk: every signed-in page needs all of it, and rolldown's split
            // by importer cut it into seven small files (seven requests and modulepreload links at
            // start, and more gzip than one file).
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
          ],
        },
      },
    },
  },
});
