import { onlineManager } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { traversalIssued } from '../../src/lib/history-traversal.ts';
import { sessionRenewing } from '../../src/session/session.ts';
import { sessionStore } from '../../src/session/state.ts';
import { Dialog } from '../../src/ui/dialog.tsx';
import {
  closeTestServer,
  freshPage,
  renderApp,
  restoreNativeFetch,
  stopApp,
  testServer,
} from '../setup/render-app.tsx';

// What the setup file does between two component files (tests/setup/dom-setup.ts, decision 0116) gives
// the next file a database, a fetch, an IndexedDB and TanStack's managers of its own.

describe('one test file to the next', () => {
  it('starts from a freshly seeded API: what the last file wrote is gone', async () => {
    const first = await testServer();
    await first.db.updateTable('brokerages').set({ name: 'Renamed By An Earlier File' }).where('id', '=', 1).execute();
    await closeTestServer();
    const second = await testServer();
    expect(second).not.toBe(first);
    const row = await second.db.selectFrom('brokerages').select('name').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(row.name).not.toBe('Renamed By An Earlier File');
  }, 60_000);

  it('starts online with an empty IndexedDB, whatever the last file left', async () => {
    onlineManager.setOnline(false);
    const before = globalThis.indexedDB;
    freshPage();
    expect(onlineManager.isOnline()).toBe(true);
    expect(globalThis.indexedDB).not.toBe(before);
    expect(await globalThis.indexedDB.databases()).toEqual([]);
  });

  it("starts with the environment's fetch, not the closed server's refusal", async () => {
    restoreNativeFetch();
    const native = globalThis.fetch;
    await closeTestServer();
    expect(globalThis.fetch).not.toBe(native);
    await expect(globalThis.fetch('/anything')).rejects.toThrow('the test server has closed');
    restoreNativeFetch();
    expect(globalThis.fetch).toBe(native);
  });
});

// One test to the next in a file (stopApp, tests/setup/render-app.tsx): what the last test's app started
// ends before the next test clears the session. The first test ends while its deep link's silent renewal
// is held at the server; the call goes on 300 ms later. Unwaited, it wrote the broker's renewed tokens under
// the next test's signed-out page (or, reading the cleared session, sent that page to /login).
describe('one test to the next', () => {
  it('ends while a deep link signed in as a broker is renewing its session', async () => {
    const { release } = await renderApp('/console/my-referrals', {
      as: 'broker@demo.test',
      hold: /\/auth\/oauth2\.0\/accessToken/,
    });
    expect(sessionStore.get()).not.toBeNull();
    await waitFor(() => expect(sessionRenewing()).toBe(true));
    setTimeout(release, 300);
  });

  it('starts signed out, and stays so once the last test’s renewal would have ended', async () => {
    const { screen } = await renderApp('/register');
    await screen.findByLabelText('Invite Code');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(sessionStore.get()).toBeNull();
    expect(window.location.pathname).toBe('/register');
  });
});

// A dialog a test leaves open takes its history entry off as its app unmounts (src/ui/back-closes.ts),
// with a history.go that lands a task or more later. Landing after the next test's replaceState, it went
// back to this test's signed-in page under the next test's app, whose guard sent it to /login (a
// clean-clone run: the Register form's unknown-code case found the login page after the Update Password
// case). stopApp() lets it land first.
/** The overlay mark of the history entry shown (back-closes.ts): the dialog's own entry. */
const overlayMark = () => (window.history.state as Record<string, unknown> | null)?.['porchlightOverlay'];

describe('a dialog left open when a test ends', () => {
  it('has its history entry off before stopApp() lets the next test begin', async () => {
    window.history.replaceState(null, '', '/console/my-agents');
    render(
      <Dialog open onOpenChange={() => undefined} title="Update Password">
        text
      </Dialog>,
    );
    await screen.findByRole('dialog', { name: 'Update Password' });
    await waitFor(() => expect(overlayMark()).toBeDefined());

    cleanup(); // what the setup file does after each test
    await stopApp();
    expect(traversalIssued()).toBe(false);
    expect(overlayMark()).toBeUndefined();
    expect(window.location.pathname).toBe('/console/my-agents');
  });
});
