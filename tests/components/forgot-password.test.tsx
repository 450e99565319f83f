import { act, render, waitFor, waitForElementToBeRemoved } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { App } from '../../src/app/App.tsx';
import { createQueryClient } from '../../src/app/query-client.ts';
import { renderApp } from '../setup/render-app.tsx';

const mailTo = (server: Awaited<ReturnType<typeof renderApp>>['server'], recipient: string) =>
  server.db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).execute();

// The snackbar's display times run on fake timers (moved on by hand); everything else keeps
// pace with real time, so the in-process API and user-event work as usual.
const fakeSnackbarTime = () =>
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
afterEach(() => {
  vi.useRealTimers();
});

describe('the forgot-password page', () => {
  it('applies the email rules before sending anything', async () => {
    const { screen, user } = await renderApp('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Email address is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(screen.queryByText('Email address is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Invalid e-mail.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it('sends a reset link to a known address and says so for 2 seconds', async () => {
    const { screen, user, server } = await renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), ' Broker@Demo.test ');
    fakeSnackbarTime();
    const started = Date.now();
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    const sent = await screen.findByText('An email has been sent to you.');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    const [mail] = await mailTo(server, 'broker@demo.test');
    expect(mail?.body).toMatch(/\/register\/[A-Z0-9-]+/);
    const removed = waitForElementToBeRemoved(sent, { timeout: 4000 });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await removed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });

  it('answers an unknown address the same way without sending anything', async () => {
    const { screen, user, server } = await renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'nobody@demo.test');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('An email has been sent to you.')).toBeInTheDocument();
    expect(await mailTo(server, 'nobody@demo.test')).toHaveLength(0);
  });

  it('shows the failure message for 5 seconds when the request cannot be made', async () => {
    const { screen, user } = await renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'broker@demo.test');
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    fakeSnackbarTime();
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    const failed = await screen.findByText('Whoops, Something went wrong. Please try again.');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(failed).toBeInTheDocument();
    const removed = waitForElementToBeRemoved(failed, { timeout: 3500 });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await removed;
    // The address is kept for another try.
    expect(screen.getByLabelText('Email')).toHaveValue('broker@demo.test');
  });

  it('keeps a typed address across a reload', async () => {
    const { screen, user, unmount } = await renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'half.typed@demo');
    unmount();
    render(<App client={createQueryClient()} />);
    await waitFor(async () => expect(await screen.findByLabelText('Email')).toHaveValue('half.typed@demo'));
  });
});
