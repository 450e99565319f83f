import { Component, lazy, useState, type ComponentType, type ReactNode } from 'react';

import { Button } from '../ui/button.tsx';
import { mutedText } from '../ui/layout.tsx';

export const CHUNK_TIMEOUT_MS = 120_000; // spec 2 section 9: a script chunk that has not loaded in 120 s has failed
export const CHUNK_ERROR = 'This page could not be loaded. Check your connection and try again.';

/** The load, failed after `ms` if it has not settled by then (a stalled network never rejects by itself). */
export function loadWithin<T>(load: () => Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The script did not load within ${ms / 1000} s`)), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

class ChunkErrorBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert">
        <p className={mutedText}>{CHUNK_ERROR}</p>
        <Button onClick={this.props.onRetry}>Retry</Button>
      </div>
    );
  }
}

/** A lazily loaded component that can be asked to load before it renders. */
export type LazyComponent<P> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * React.lazy with the spec's 120 s timeout, and a clear error with a Retry button instead of a
 * spinner that never ends. React.lazy remembers a failed load, so a retry makes a fresh one
 * (shared by every later mount, so a loaded screen is not fetched again).
 *
 * A chunk already loaded (by `preload`, or by an earlier mount) is handed to React.lazy by a
 * thenable that settles at once, so the first render does not suspend. A suspension costs more
 * than a microtask: React 19 holds back the commit of a retry that suspends again for up to 300 ms
 * after the last fallback it showed (FALLBACK_THROTTLE_MS), so a route, its shell and its screen
 * loading one after another showed a spinner for 300 ms at each step.
 */
export function lazyWithRetry<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyComponent<P> {
  let loaded: { default: ComponentType<P> } | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () =>
    (loading ??= loadWithin(load, CHUNK_TIMEOUT_MS).then(
      (module) => {
        loaded = module;
        return module;
      },
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  const settled = (module: { default: ComponentType<P> }) =>
    ({
      then: (resolve: (m: typeof module) => void) => {
        resolve(module);
      },
    }) as unknown as Promise<typeof module>;
  const fresh = () => lazy(() => (loaded ? settled(loaded) : start()));
  let current = fresh();
  function LazyWithRetry(props: P) {
    const [{ Screen, attempt }, setLoad] = useState(() => ({ Screen: current, attempt: 0 }));
    const retry = () => {
      current = fresh();
      setLoad((s) => ({ Screen: current, attempt: s.attempt + 1 }));
    };
    // Keyed by the attempt, so the boundary of a retry starts without the previous error.
    return (
      <ChunkErrorBoundary key={attempt} onRetry={retry}>
        <Screen {...props} />
      </ChunkErrorBoundary>
    );
  }
  return Object.assign(LazyWithRetry, { preload: () => start().then(() => undefined) });
}
