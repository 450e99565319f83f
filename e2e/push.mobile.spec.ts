import { fullChromium } from './browsers.ts';
import { AGENT_ORIGIN, expect, signedIn, test } from './fixtures.ts';

// This file's tests need the service worker, which the config blocks elsewhere (decision 0118), and
// notifications, which only full Chromium shows: the headless shell the other specs run in never
// grants their permission (decision 0135).
test.use({ serviceWorkers: 'allow', launchOptions: fullChromium });

// The service worker's push and notificationclick handlers in the installed agent app. A push
// service hands the browser a decrypted message, which the browser dispatches to the app's worker
// as a push event; no push service runs here (the server's side of Web Push is tested against a
// stand-in one in tests/api/push-delivery.test.ts). The test dispatches both events inside the
// worker itself and waits for what the handlers give waitUntil, so a failure names the step.
// (DevTools' ServiceWorker.deliverPushMessage was used before: it reports nothing back, and once in
// a CI run its message never showed, with no way to tell whether it had reached the worker.)

const AGENT = '(555) 010-0001';

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

  const name = 'Jordan Example';
  const message = {
    title: 'Referral assigned to you',
    body: `The Porchlight team assigned ${name} to you.`,
    tag: `referral-${referralId}`,
    url: `/console/agent-followups/view/${referralId}`,
    referralId,
    referralName: name,
  };
  const worker =
    context.serviceWorkers().find((w) => w.url().startsWith(AGENT_ORIGIN)) ??
    (await context.waitForEvent('serviceworker'));
  // Events made here are not trusted, and waitUntil refuses untrusted events: collect its promises
  // instead, and wait for them (the push handler's is showNotification's).
  const dispatch = (kind: 'push' | 'click', argument: string) =>
    worker.evaluate(
      async ({ kind, argument }) => {
        const scope = self as unknown as ServiceWorkerGlobalScope;
        let event: ExtendableEvent;
        if (kind === 'push') {
          event = new PushEvent('push', { data: argument });
        } else {
          const [notification] = await scope.registration.getNotifications({ tag: argument });
          if (!notification) throw new Error(`no notification with the tag ${argument} to click`);
          event = new NotificationEvent('notificationclick', { notification });
        }
        const work: Promise<unknown>[] = [];
        Object.defineProperty(event, 'waitUntil', { value: (p: Promise<unknown>) => work.push(p) });
        scope.dispatchEvent(event);
        if (work.length === 0) throw new Error(`the worker's ${event.type} handler did not call waitUntil`);
        await Promise.all(work);
      },
      { kind, argument },
    );
  await dispatch('push', JSON.stringify(message));

  const shown = (tag: string) =>
    page.evaluate(
      (t) =>
        navigator.serviceWorker.ready
          .then((r) => r.getNotifications({ tag: t }))
          .then((list) => list.map((n) => ({ title: n.title, body: n.body, url: (n.data as { url: string }).url }))),
      tag,
    );
  await expect.poll(() => shown(message.tag)).toEqual([{ title: message.title, body: message.body, url: message.url }]);

  await dispatch('click', message.tag);

  await expect(page).toHaveURL(`${AGENT_ORIGIN}${message.url}`);
  // Signed in: the referral's own data, read with the app's session, is on the page.
  await expect(page.getByRole('heading', { level: 2, name: 'History' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'History' })).toBeVisible();
  expect(await shown(message.tag)).toEqual([]);
});
