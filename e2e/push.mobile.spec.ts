import type { CDPSession } from '@playwright/test';

import { AGENT_ORIGIN, expect, signedIn, test } from './fixtures.ts';

// This file's tests need the service worker, which the config blocks elsewhere (decision 0118).
test.use({ serviceWorkers: 'allow' });

// The service worker's push and notificationclick handlers in the installed agent app.
// Chromium's DevTools protocol delivers a push message to the app's registration (what a push
// service would hand the browser after decrypting). No protocol command clicks a notification: the
// click is dispatched inside the worker as a notificationclick event for the notification it shows
// (decision 0082 says so).

const AGENT = '(555) 010-0001';

/** The id of the service worker registration of the agent host, as DevTools names it. */
async function agentRegistrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${AGENT_ORIGIN}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

test("a push message shows the referral's notification, and its click opens the referral in the signed-in app", async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications'], { origin: AGENT_ORIGIN });
  await signedIn(page, AGENT, '/console/agent-followups');
  const first = page.getByRole('list', { name: 'Follow-ups' }).getByRole('link').first();
  const href = (await first.getAttribute('href')) ?? '';
  const referralId = Number(/\/view\/(\d+)$/.exec(href)?.[1]);
  expect(referralId).toBeGreaterThan(0);
  // The worker controls the page (clientsClaim): it is the installed app's.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.goto(`${AGENT_ORIGIN}/console/agent-profile`);
  await expect(page.getByRole('switch', { name: 'Notifications' })).toBeVisible();

  const cdp = await context.newCDPSession(page);
  const registrationId = await agentRegistrationId(cdp);
  const name = 'Jordan Example';
  const message = {
    title: 'Referral assigned to you',
    body: `The Porchlight team assigned ${name} to you.`,
    tag: `referral-${referralId}`,
    url: `/console/agent-followups/view/${referralId}`,
    referralId,
    referralName: name,
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: AGENT_ORIGIN,
    registrationId,
    data: JSON.stringify(message),
  });

  const shown = (tag: string) =>
    page.evaluate(
      (t) =>
        navigator.serviceWorker.ready
          .then((r) => r.getNotifications({ tag: t }))
          .then((list) => list.map((n) => ({ title: n.title, body: n.body, url: (n.data as { url: string }).url }))),
      tag,
    );
  await expect.poll(() => shown(message.tag)).toEqual([{ title: message.title, body: message.body, url: message.url }]);

  const worker =
    context.serviceWorkers().find((w) => w.url().startsWith(AGENT_ORIGIN)) ??
    (await context.waitForEvent('serviceworker'));
  await worker.evaluate(async (tag) => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    const [notification] = await scope.registration.getNotifications({ tag });
    const click = new NotificationEvent('notificationclick', { notification: notification! });
    // An event made here is not trusted, and waitUntil refuses untrusted events: collect instead.
    const work: Promise<unknown>[] = [];
    Object.defineProperty(click, 'waitUntil', { value: (p: Promise<unknown>) => work.push(p) });
    scope.dispatchEvent(click);
    await Promise.all(work);
  }, message.tag);

  await expect(page).toHaveURL(`${AGENT_ORIGIN}${message.url}`);
  // Signed in: the referral's own data, read with the app's session, is on the page.
  await expect(page.getByRole('heading', { level: 2, name: 'History' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'History' })).toBeVisible();
  expect(await shown(message.tag)).toEqual([]);
});
