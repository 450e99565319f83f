import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { useBackCloses } from '../../src/ui/back-closes.ts';
import { ConfirmDialog } from '../../src/ui/confirm-dialog.tsx';
import { Dialog } from '../../src/ui/dialog.tsx';
import { renderApp } from '../setup/render-app.tsx';

/** The browser's Back button: one step back, and the popstate it fires. */
async function pressBack() {
  const fired = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  await act(async () => {
    window.history.back();
    await fired;
  });
}

/** Lets our own history steps (a push, a history.go) land. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));

/** An invite dialog button on the My Agents page, not the top bar's (which opens ?invite=true). */
async function openInvite(user: ReturnType<typeof userEvent.setup>) {
  const main = await screen.findByRole('main');
  await user.click(await within(main).findByRole('button', { name: 'Invite Agents' }));
  return screen.findByRole('dialog', { name: 'Invite Agents' });
}

describe('Back closes the top dialog and keeps the page', () => {
  it('closes a form dialog on Back, stays on the page, and shows what was typed when it opens again', async () => {
    const { user } = await renderApp('/console/my-agents', { as: 'broker@demo.test' });
    const dialog = await openInvite(user);
    await user.type(within(dialog).getByLabelText('First Name'), 'Maria');
    await user.type(within(dialog).getByLabelText('Email'), 'maria@example.test');
    await settle();

    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite Agents' })).not.toBeInTheDocument());
    expect(location.pathname).toBe('/console/my-agents');
    expect(await screen.findByRole('heading', { name: 'My Agents', level: 1 })).toBeInTheDocument();

    const again = await openInvite(user);
    expect(within(again).getByLabelText('First Name')).toHaveValue('Maria');
    expect(within(again).getByLabelText('Email')).toHaveValue('maria@example.test');

    // Cancel is the explicit way to throw the draft away.
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));
    const third = await openInvite(user);
    expect(within(third).getByLabelText('First Name')).toHaveValue('');
  });

  it('takes its entry back when closed by its own button, so the next Back leaves the page as usual', async () => {
    const { user } = await renderApp('/console/my-agents', { as: 'broker@demo.test' });
    window.history.pushState(null, '', '/console/my-agents?page=1');
    window.history.pushState(null, '', '/console/my-agents');
    await settle();
    const dialog = await openInvite(user);
    await settle();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(screen.queryByRole('dialog', { name: 'Invite Agents' })).not.toBeInTheDocument();

    // One Back press: the page before, not a dead press on our own entry.
    await pressBack();
    await settle();
    expect(location.search).toBe('?page=1');
  });

  it('closes nested dialogs top first, one Back each', async () => {
    function Nested() {
      const [outer, setOuter] = useState(false);
      const [inner, setInner] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOuter(true)}>
            Open outer
          </button>
          <Dialog open={outer} onOpenChange={setOuter} title="Outer">
            <button type="button" onClick={() => setInner(true)}>
              Open inner
            </button>
            <ConfirmDialog
              open={inner}
              onOpenChange={setInner}
              title="Inner"
              description="Sure?"
              confirmLabel="Yes"
              onConfirm={() => setInner(false)}
            />
          </Dialog>
        </>
      );
    }
    window.history.replaceState(null, '', '/nested');
    const user = userEvent.setup();
    render(<Nested />);
    await user.click(screen.getByRole('button', { name: 'Open outer' }));
    await user.click(await screen.findByRole('button', { name: 'Open inner' }));
    await screen.findByRole('dialog', { name: 'Inner' });
    await settle();

    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();

    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Outer' })).not.toBeInTheDocument());
    expect(location.pathname).toBe('/nested');
  });

  it('pushes one entry for a dialog that a caller also registers itself', async () => {
    function Both() {
      const [open, setOpen] = useState(false);
      useBackCloses(open, () => setOpen(false));
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <Dialog open={open} onOpenChange={setOpen} title="Both">
            text
          </Dialog>
        </>
      );
    }
    window.history.pushState(null, '', '/before');
    window.history.pushState(null, '', '/both');
    const user = userEvent.setup();
    render(<Both />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog', { name: 'Both' });
    await settle();
    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Both' })).not.toBeInTheDocument());
    expect(location.pathname).toBe('/both');
    await settle();
    // Had the dialog pushed two entries, this Back would land on the second and stay on /both.
    await pressBack();
    expect(location.pathname).toBe('/before');
  });
  it('leaves no dead Back press when a link inside a dialog moved to another page', async () => {
    function Linking() {
      const [open, setOpen] = useState(false);
      const [page, setPage] = useState('list');
      const follow = () => {
        window.history.pushState(null, '', '/elsewhere');
        setOpen(false);
        setPage('elsewhere');
      };
      return (
        <>
          <p>{page}</p>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <Dialog open={open} onOpenChange={setOpen} title="Linking">
            <button type="button" onClick={follow}>
              Follow
            </button>
          </Dialog>
        </>
      );
    }
    window.history.pushState(null, '', '/start');
    window.history.pushState(null, '', '/list');
    const user = userEvent.setup();
    render(<Linking />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    await settle();
    expect(location.pathname).toBe('/elsewhere');

    await pressBack();
    await settle();
    expect(location.pathname).toBe('/list');
    // The dialog's entry, left behind /elsewhere, was stepped over: the next Back goes on to /start.
    await pressBack();
    await settle();
    expect(location.pathname).toBe('/start');
  });
});

describe('an unknown address', () => {
  it('keeps the address, says what was not found and offers the way home and back', async () => {
    window.history.pushState(null, '', '/somewhere-before');
    const { screen } = await renderApp('/console/nowhere/at/all', { as: 'broker@demo.test' });
    expect(await screen.findByText('Sorry, that page was not found.')).toBeInTheDocument();
    expect(location.pathname).toBe('/console/nowhere/at/all');
    expect(screen.getByText('/console/nowhere/at/all')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your home page' })).toHaveAttribute('href', '/console');
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument();
  });

  it('offers the login page to someone not signed in', async () => {
    const { screen } = await renderApp('/no-such-page');
    expect(await screen.findByText('Sorry, that page was not found.')).toBeInTheDocument();
    expect(location.pathname).toBe('/no-such-page');
    expect(screen.getByRole('link', { name: 'Go to the login page' })).toHaveAttribute('href', '/login');
  });
});
