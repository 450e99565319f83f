import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { CHUNK_ERROR, CHUNK_TIMEOUT_MS, lazyWithRetry } from '../../src/app/lazy-with-retry.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const Loaded = () => <h1>Loaded screen</h1>;

describe('a lazy screen (spec 2 section 9: script chunk timeout 120 s)', () => {
  it('shows a clear error with Retry when its script has not loaded in 120 s, and retrying loads it', async () => {
    let calls = 0;
    const Lazy = lazyWithRetry(() => {
      calls += 1;
      return calls === 1 ? new Promise<never>(() => {}) : Promise.resolve({ default: Loaded });
    });
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    });
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByRole('alert')).toHaveTextContent(CHUNK_ERROR);
    await act(async () => {
      screen.getByRole('button', { name: 'Retry' }).click();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('heading', { name: 'Loaded screen' })).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('shows the same error at once when the script fails to load', async () => {
    const Lazy = lazyWithRetry<object>(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy />
      </Suspense>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('a lazy screen loaded beforehand', () => {
  it('renders at once after preload, never showing its fallback', async () => {
    let calls = 0;
    const Lazy = lazyWithRetry(() => {
      calls += 1;
      return Promise.resolve({ default: Loaded });
    });
    await act(async () => {
      await Lazy.preload();
    });
    const fallbacks: string[] = [];
    const Fallback = () => {
      fallbacks.push('shown');
      return <p>Loading</p>;
    };
    render(
      <Suspense fallback={<Fallback />}>
        <Lazy />
      </Suspense>,
    );
    // Synchronously in the first render: no suspension, so no fallback and no 300 ms retry throttle.
    expect(screen.getByRole('heading', { name: 'Loaded screen' })).toBeInTheDocument();
    expect(fallbacks).toEqual([]);
    expect(calls).toBe(1);
  });

  it('suspends once when not loaded beforehand, and loads the chunk only once for preload and render', async () => {
    let calls = 0;
    const Lazy = lazyWithRetry(() => {
      calls += 1;
      return Promise.resolve({ default: Loaded });
    });
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => {
      await Lazy.preload();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('heading', { name: 'Loaded screen' })).toBeInTheDocument();
    expect(calls).toBe(1);
  });
});
