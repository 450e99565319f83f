/// <reference lib="webworker" />
import { cacheNames, clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

import { API_PATH_PATTERN, API_PATHNAME_PATTERNS } from '../src/access/api-families.ts';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

// The app shell (hashed JS/CSS and index.html), listed by vite-plugin-pwa at build time.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Navigations that belong to the server, never to the console: every family it answers
// (src/access/api-families.ts; /auth/ includes the one-time-password page, which must never come
// from a cache) and plain files such as /robots.txt.
const SERVER_PATHS = [API_PATH_PATTERN, /\/[^/?]+\.[a-z0-9]+$/i];

// The API's calls bypass this worker altogether (Service Worker Static Routing, Chromium 123+):
// the browser sends them to the network without waking the worker or dispatching a fetch event
// to it, which it would only pass on. A browser without the API dispatches them as before.
// The hashed scripts and styles (/assets/, precached under their own URLs: their names change
// with their content) are read by the browser straight from the precache, again without a fetch
// event; one the precache lacks goes to the network.
type RouterSource = 'network' | { cacheName: string };
interface RouterRule {
  condition: { or: { urlPattern: { pathname: string } }[] } | { urlPattern: { pathname: string } };
  source: RouterSource;
}
self.addEventListener('install', (event) => {
  const install = event as ExtendableEvent & { addRoutes?: (rules: RouterRule[]) => Promise<void> };
  if (typeof install.addRoutes !== 'function') return;
  const api: RouterRule = {
    condition: { or: API_PATHNAME_PATTERNS.map((pathname) => ({ urlPattern: { pathname } })) },
    source: 'network',
  };
  const assets: RouterRule = {
    condition: { urlPattern: { pathname: '/assets/*' } },
    source: { cacheName: cacheNames.precache },
  };
  // One call per rule: a browser that refuses one (the cache source came after the network one)
  // keeps the other, and a refused rule must not stop the worker from installing.
  event.waitUntil(Promise.all([api, assets].map((rule) => install.addRoutes!([rule]).catch(() => undefined))));
});

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

// Web Push (decision 0082): the server's message (src/contract/push.ts PushMessage, checked
// by hand here: the worker carries no valibot) is shown as a notification, one per referral (tag),
// a newer one about the same referral replacing the older with a fresh alert.
interface ShownPush {
  title: string;
  body: string;
  tag: string;
  url: string;
}
// Only a path of this app is opened on a click: never another origin, whatever a message says.
const appPath = (url: unknown): string =>
  typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
const readPush = (data: PushMessageData | null): ShownPush | null => {
  try {
    const m = data?.json() as Partial<Record<keyof ShownPush, unknown>> | undefined;
    if (typeof m?.title !== 'string' || typeof m.body !== 'string' || typeof m.tag !== 'string') return null;
    return { title: m.title, body: m.body, tag: m.tag, url: appPath(m.url) };
  } catch {
    return null;
  }
};

self.addEventListener('push', (event: PushEvent) => {
  const push = readPush(event.data);
  // A push the app cannot read still shows something: a silent push is against the browsers' rules.
  const shown = push ?? { title: 'Porchlight', body: 'You have a new notification.', tag: 'porchlight', url: '/' };
  event.waitUntil(
    self.registration.showNotification(shown.title, {
      body: shown.body,
      tag: shown.tag,
      data: { url: shown.url },
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      // A new message about the same referral alerts again rather than replacing it silently.
      renotify: true,
    } as NotificationOptions & { renotify: boolean }),
  );
});

// A click opens the referral in the installed app: an open window of the app is focused and sent
// there (the console's router takes the path; its session is the app's own, so it is signed in);
// with none open, a new one starts at the referral.
self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const target = new URL(appPath((event.notification.data as { url?: unknown } | null)?.url), self.location.origin)
    .href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        // A browser may refuse focus (its allowance for this click used up): the window still goes there.
        const client = await open.focus().catch(() => open);
        await client.navigate(target).catch(() => self.clients.openWindow(target));
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
