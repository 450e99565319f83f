/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

// The app shell (hashed JS/CSS and index.html), listed by vite-plugin-pwa at build time.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Navigations that belong to the server, never to the console: the API families (server/static.ts
// API_PREFIXES; /auth/ includes the one-time-password page, which must never come from a cache),
// the demo outbox, server metadata (/.well-known/, RFC 8414) and plain files such as /robots.txt.
const SERVER_PATHS = [
  /^\/\.well-known\//,
  /^\/(auth|users-api|agents-api|interviews-api|leads-api|lenders-api|lenders-match-api|contact-center-api|workflow-api|analytics-api|dev)(\/|$)/,
  /\/[^/?]+\.[a-z0-9]+$/i,
];

// Every other navigation gets the precached index.html, so the console starts offline.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: SERVER_PATHS }));

// No runtime caching of API calls: the console persists its own query cache, and /auth/ must
// always reach the network.

// src/app/pwa.ts posts this when the user accepts the "new version" prompt.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// A newly activated worker takes over open pages at once (they reload on 'controlling').
clientsClaim();
