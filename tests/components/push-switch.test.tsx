// @vitest-environment-options {"url":"http://agents.localhost/"}
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PUSH_BLOCKED, PUSH_UNSUPPORTED } from '../../src/api/push.ts';
import { subscriptionKeys } from '../setup/push-service.ts';
import { renderApp } from '../setup/render-app.tsx';

// The profile's Notifications switch. jsdom has no Notification, PushManager or service
// worker: the browser's side is played by the fakes below; the server is the real in-process API.

const AGENT = '(555) 010-0001';

/** The browser: its permission answer, its push manager and the subscription it would give. */
function fakeBrowser(answer: NotificationPermission) {
  const keys = subscriptionKeys();
  const endpoint = `https://fcm.googleapis.com/fcm/send/${Math.random().toString(36).slice(2)}`;
  let current: unknown = null;
  const subscription = {
    endpoint,
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.authSecret } }),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  };
  const requestPermission = vi.fn(async () => {
    FakeNotification.permission = answer;
    return answer;
  });
  class FakeNotification {
    static permission: NotificationPermission = 'default';
    static requestPermission = requestPermission;
  }
  const subscribe = vi.fn(async (_options: { applicationServerKey: Uint8Array }) => {
    current = subscription;
    return subscription;
  });
  const registration = { pushManager: { getSubscription: async () => current, subscribe } };
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration },
  });
  return { endpoint, requestPermission, subscribe, subscription };
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

const rowsOf = async (server: Awaited<ReturnType<typeof renderApp>>['server'], endpoint: string) =>
  server.db.selectFrom('push_subscriptions').select(['endpoint', 'p256dh']).where('endpoint', '=', endpoint).execute();

describe('the Notifications switch', () => {
  it("asks nothing as the profile loads; turned on, it asks permission, subscribes with the server's key and registers; turned off, it removes", async () => {
    const browser = fakeBrowser('granted');
    const { screen, user, server } = await renderApp('/console/agent-profile', { as: AGENT });
    const toggle = await screen.findByRole('switch', { name: 'Notifications' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await user.click(toggle);
    expect(await screen.findByText('Notifications are on for this phone.')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const { public_key } = await server.db.selectFrom('push_vapid_keys').select('public_key').executeTakeFirstOrThrow();
    expect(Buffer.from(browser.subscribe.mock.calls[0]![0].applicationServerKey).toString('base64url')).toBe(
      public_key,
    );
    expect(await rowsOf(server, browser.endpoint)).toHaveLength(1);

    await user.click(toggle);
    expect(await screen.findByText('Notifications are off for this phone.')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
    expect(await rowsOf(server, browser.endpoint)).toEqual([]);
  });

  it('says the browser or the phone refused when permission is denied, and registers nothing', async () => {
    const browser = fakeBrowser('denied');
    const { screen, user, server } = await renderApp('/console/agent-profile', { as: AGENT });
    await user.click(await screen.findByRole('switch', { name: 'Notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PUSH_BLOCKED);
    expect(screen.getByRole('switch', { name: 'Notifications' })).toHaveAttribute('aria-checked', 'false');
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(await rowsOf(server, browser.endpoint)).toEqual([]);
  });

  it('says so at once when the browser cannot receive notifications, and offers no switch to turn', async () => {
    const { screen } = await renderApp('/console/agent-profile', { as: AGENT });
    expect(await screen.findByRole('switch', { name: 'Notifications' })).toBeDisabled();
    expect(screen.getByText(PUSH_UNSUPPORTED)).toBeInTheDocument();
  });
});
