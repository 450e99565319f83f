import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { act, waitFor, within } from '@testing-library/react';
import { createStore, del, entries } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';

import {
  cacheKeyFor,
  clearPersistedQueries,
  idbPersister,
  settlePersistence,
} from '../../src/app/query-persistence.ts';
import { endImpersonation, startImpersonation } from '../../src/session/impersonation.ts';
import { logout } from '../../src/session/session.ts';
import { profileStore } from '../../src/session/state.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';
import { brokerageIdByName } from '../setup/test-server.ts';

// Storage that lasts: a copy the browser evicted is said and fetched again; the saved copy
// is per user and no answer of an identity survives its sign-out or an impersonation's start or end.
// (The profile's space used and Clear saved data: tests/components/agent-day-sync.test.tsx.)

const idb = createStore('porchlight', 'query-cache');
/** Every persisted copy: its key and how many answers it holds. */
const savedCopies = async () =>
  (await entries<string, PersistedClient>(idb)).map(([key, c]) => ({ key, answers: c.clientState.queries.length }));

beforeEach(async () => {
  await clearPersistedQueries();
});

describe("the console's profile dialog", () => {
  it('offers Clear saved data, which forgets the saved answers, and says when the browser does not tell the space used', async () => {
    const { screen, user, client } = await renderApp('/console/my-admins', { as: 'broker@demo.test' });
    await user.click(await screen.findByRole('button', { name: 'Harbor Point Realty' }));
    const profile = await screen.findByRole('dialog', { name: 'Profile' });
    // jsdom has no navigator.storage: the dialog says so rather than showing a figure it does not have.
    expect(await within(profile).findByText('This browser does not say how much space is used.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        client
          .getQueryCache()
          .findAll()
          .some((q) => q.state.status === 'success'),
      ).toBe(true),
    );
    const before = client
      .getQueryCache()
      .findAll()
      .filter((q) => q.state.status === 'success').length;
    await user.click(within(profile).getByRole('button', { name: 'Clear saved data' }));
    expect(
      await within(profile).findByText('Saved data cleared. Changes waiting to sync are kept.'),
    ).toBeInTheDocument();
    expect(
      client
        .getQueryCache()
        .findAll()
        .filter((q) => q.state.status === 'success' && !q.getObserversCount()).length,
    ).toBeLessThan(before);
  });
});

describe('a saved copy the browser evicted', () => {
  it('is said on the lists, which fetch their rows again', async () => {
    const first = await renderApp('/console/my-referrals', { as: 'broker@demo.test' });
    await first.screen.findAllByText(/^Last updated /);
    const identity = String(profileStore.get().user!.id);
    await settlePersistence();
    expect((await savedCopies()).some((c) => c.key === cacheKeyFor(identity) && c.answers > 0)).toBe(true);
    await del(cacheKeyFor(identity), idb); // the browser clears IndexedDB under storage pressure
    first.unmount();
    await act(async () => {
      await idbPersister(identity).restoreClient();
    });
    const { screen } = await renderApp('/console/my-referrals', { as: 'broker@demo.test' });
    expect(
      await screen.findByText('The browser removed the data saved on this device to free space; it is fetched again.'),
    ).toBeInTheDocument();
    expect(await screen.findAllByText(/^Last updated /)).not.toHaveLength(0);
  });
});

describe('the saved copy belongs to one identity', () => {
  it('keeps no answer of a user after sign-out, nor of staff once they impersonate, nor of the impersonated admin once that ends', async () => {
    const server = await testServer();
    const broker = await renderApp('/console/my-referrals', { as: 'broker@demo.test' });
    await broker.screen.findAllByText(/^Last updated /);
    await settlePersistence();
    expect((await savedCopies()).some((c) => c.answers > 0)).toBe(true);
    await act(async () => {
      await logout();
    });
    broker.unmount();
    await settlePersistence();
    expect((await savedCopies()).filter((c) => c.answers > 0)).toEqual([]);

    const harbor = await brokerageIdByName(server.db, 'Harbor Point Realty');
    const staff = await renderApp(`/console/brokerages/view/${harbor}`, { as: 'admin@demo.test' });
    await staff.screen.findByRole('button', { name: 'Impersonate' });
    await settlePersistence();
    const adminKey = cacheKeyFor(String(profileStore.get().user!.id));
    expect((await savedCopies()).some((c) => c.key === adminKey && c.answers > 0)).toBe(true);
    await act(async () => {
      expect(await startImpersonation({ kind: 'brokerage', id: harbor, name: 'Harbor Point Realty' })).toBe(true);
    });
    await settlePersistence();
    expect((await savedCopies()).filter((c) => c.key === adminKey && c.answers > 0)).toEqual([]);
    await waitFor(() => expect(window.location.pathname).toBe('/console'));
    await staff.screen.findByText("You're currently impersonating: Harbor Point Realty");
    await staff.screen.findAllByText(/^Last updated /, undefined, { timeout: 10_000 });
    await settlePersistence();
    const asKey = (await savedCopies()).find((c) => c.key.includes('-as-') && c.answers > 0)?.key;
    expect(asKey).toBeDefined();
    await act(async () => {
      await endImpersonation();
    });
    await settlePersistence();
    expect((await savedCopies()).filter((c) => c.key === asKey && c.answers > 0)).toEqual([]);
  });
});
