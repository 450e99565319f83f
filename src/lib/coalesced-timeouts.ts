import type { ManagedTimerId, TimeoutCallback, TimeoutProvider } from '@tanstack/react-query';

/** Timeouts of a second or more are rounded up to whole seconds and share one platform timer. */
export const GRAIN_MS = 1000;

/**
 * TanStack Query's timers (its TimeoutProvider hook), coalesced. Query sets a stale timer per
 * observer and moves a garbage-collection timer per query as observers come and go: on the
 * overview's first render that was about 60 platform timers set and cleared in one task. Here a
 * timeout of a second or more joins the slot of its deadline rounded up to the next whole second
 * (staleness or collection at most a second late), each slot holds one platform timer, and a
 * cleared timeout only leaves its slot: nothing reaches the platform unless a new slot is needed.
 * Intervals are passed through.
 */
export function coalescedTimeouts(): TimeoutProvider<ManagedTimerId> {
  const slots = new Map<number, Map<number, TimeoutCallback>>(); // deadline -> timeouts due then
  const deadlines = new Map<number, number>(); // timeout id -> its slot's deadline
  let lastId = 0;
  const fire = (at: number) => {
    const due = slots.get(at);
    slots.delete(at);
    for (const [id, callback] of due ?? []) {
      deadlines.delete(id);
      callback();
    }
  };
  return {
    setTimeout(callback, delay) {
      const id = ++lastId;
      const due = Date.now() + Math.max(0, delay);
      const at = delay >= GRAIN_MS ? Math.ceil(due / GRAIN_MS) * GRAIN_MS : due;
      let slot = slots.get(at);
      if (!slot) {
        slot = new Map();
        slots.set(at, slot);
        setTimeout(() => fire(at), Math.max(0, at - Date.now()));
      }
      slot.set(id, callback);
      deadlines.set(id, at);
      return id;
    },
    clearTimeout(id) {
      if (typeof id !== 'number') return;
      const at = deadlines.get(id);
      if (at === undefined) return;
      deadlines.delete(id);
      slots.get(at)?.delete(id);
    },
    setInterval: (callback, delay) => setInterval(callback, delay) as unknown as ManagedTimerId,
    clearInterval: (id) => {
      clearInterval(id as Parameters<typeof clearInterval>[0]);
    },
  };
}
