// A Server-Sent Events parser (the HTML standard's "event stream interpretation"), for readers
// that cannot use EventSource: the console's fetch stream (it sends the Authorization header), the
// API tests and the benchmark. Comment lines (heartbeats) are dropped; `id:` is kept per message.

export interface SseMessage {
  /** The event's `id:`, when the message carried one. */
  id: string | undefined;
  /** The `event:` name, 'message' when none was given. */
  event: string;
  data: string;
}

export class SseParser {
  /** The stream's last event id, as EventSource keeps it: set by every block with an `id:`, data or not. */
  lastEventId: string | undefined;
  private buffer = '';
  private data: string[] = [];
  private event = '';
  private id: string | undefined;

  /** Feeds decoded text; returns the messages it completed (a message ends at a blank line). */
  push(text: string): SseMessage[] {
    this.buffer += text;
    const out: SseMessage[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      // A lone \r at the end may be the first half of \r\n: wait for the next chunk.
      if (!match || (match[0] === '\r' && match.index === this.buffer.length - 1)) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      if (line === '') {
        if (this.id !== undefined) this.lastEventId = this.id;
        if (this.data.length > 0) out.push({ id: this.id, event: this.event || 'message', data: this.data.join('\n') });
        this.data = [];
        this.event = '';
        this.id = undefined;
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'data') this.data.push(value);
      else if (field === 'event') this.event = value;
      else if (field === 'id' && !value.includes('\u0000')) this.id = value;
    }
    return out;
  }
}
