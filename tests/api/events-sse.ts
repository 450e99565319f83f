// Reading the live event stream in tests (GET /events, Server-Sent Events): the events arrive as
// the server writes them; `next` waits for one that matches, without sleeping.
import { SseParser } from '../../src/lib/sse.ts';

export interface LiveEvent {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  created: string;
}

export interface OpenStream {
  status: number;
  /** The change events received so far, in order (`reset` messages are kept as type 'reset'). */
  events: LiveEvent[];
  /** The first received event (from the start) that matches, waiting for it up to `ms`. */
  next(match: (e: LiveEvent) => boolean, ms?: number): Promise<LiveEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): Promise<void>;
}

/** Reads an SSE answer (a fetch Response or an in-process app's) into events. */
export function readStream(res: Response): OpenStream {
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  let done = false;
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        for (const m of parser.push(decoder.decode(value, { stream: true }))) {
          if (m.event === 'reset') events.push({ id: '', type: 'reset', payload: {}, created: '' });
          else if (m.event === 'change') events.push(JSON.parse(m.data) as LiveEvent);
        }
        for (const w of waiters) w();
      }
    } catch {
      /* cancelled */
    } finally {
      done = true;
      for (const w of waiters) w();
    }
  })();
  return {
    status: res.status,
    events,
    ended,
    next: (match, ms = 5_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
            return true;
          }
          if (done) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error(`the stream ended without the event; got ${JSON.stringify(events.map((e) => e.type))}`));
            return true;
          }
          return false;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events.map((e) => [e.id, e.type]))}`),
          );
        }, ms);
        if (!check()) waiters.add(check);
      }),
    close: async () => {
      await reader.cancel().catch(() => {});
      await ended;
    },
  };
}
