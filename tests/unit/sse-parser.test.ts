import { describe, expect, it } from 'vitest';

import { SseParser } from '../../src/lib/sse.ts';

describe('the event stream parser', () => {
  it.each([
    [
      'one message with id and name',
      ['id: 7\nevent: change\ndata: {"a":1}\n\n'],
      [{ id: '7', event: 'change', data: '{"a":1}' }],
    ],
    [
      'a message split across chunks, CRLF line ends',
      ['id: 8\r\nda', 'ta: x\r', '\n\r\n'],
      [{ id: '8', event: 'message', data: 'x' }],
    ],
    ['heartbeat comments only', [': heartbeat\n\n', ': connected\n\n'], []],
    [
      'multi-line data joined by newlines',
      ['data: a\ndata: b\n\n'],
      [{ id: undefined, event: 'message', data: 'a\nb' }],
    ],
    ['a retry line and a message without data are not messages', ['retry: 2000\n\nevent: reset\n\n'], []],
    [
      'two messages in one chunk',
      ['data: 1\n\ndata: 2\n\n'],
      [
        { id: undefined, event: 'message', data: '1' },
        { id: undefined, event: 'message', data: '2' },
      ],
    ],
  ])('%s', (_, chunks, expected) => {
    const parser = new SseParser();
    expect(chunks.flatMap((c) => parser.push(c))).toEqual(expected);
  });

  it("keeps the last event id of a block without data, as EventSource does (the stream's position at connect)", () => {
    const parser = new SseParser();
    expect(parser.push('retry: 2000\n: connected\n\nid: 41\n\n')).toEqual([]);
    expect(parser.lastEventId).toBe('41');
    parser.push('id: 42\nevent: change\ndata: {}\n\n');
    expect(parser.lastEventId).toBe('42');
  });
});
