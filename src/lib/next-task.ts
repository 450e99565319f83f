/**
 * A turn of the event loop (a MessageChannel message: no timer clamp). Work that starts fetches or
 * appends <link>s (about 0.5 ms each on the main thread) is spread over tasks with it, so no task
 * gets long enough to block input (50 ms on a phone at a quarter of this machine's speed).
 */
export const nextTask = (): Promise<void> =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

/** `job`, started in a task of its own. */
export const inOwnTask = <T>(job: () => Promise<T>): Promise<T> => nextTask().then(job);

/**
 * `job`, once the page has loaded and the main thread is idle (at the latest `timeoutMs` after
 * load): for work no first paint needs, such as registering the service worker.
 */
export function afterLoadIdle(job: () => void, timeoutMs = 2_000): void {
  // No document: not a page (a test environment torn down before a module's timer fired). There is
  // no load to wait for and nothing for the job to do.
  if (typeof document === 'undefined') return;
  const idle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => job(), { timeout: timeoutMs });
    else setTimeout(job, 0);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
