import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, expectTypeOf, it } from 'vitest';

import { EVENT_KEYS, keysFor, parseChange } from '../../src/app/live-events.ts';
import { EVENT_TYPES, type EventType, type LiveChange } from '../../src/contract/events.ts';

// The event-to-keys map is exhaustive over the contract's event types: `npx tsc` checks this file, so
// the type assertions below fail the typecheck if the map loses a type, gains a default or is made partial.

describe('the live event keys', () => {
  it('name one entry for every event type of the contract, and no other', () => {
    expectTypeOf<keyof typeof EVENT_KEYS>().toEqualTypeOf<EventType>();
    expect(Object.keys(EVENT_KEYS).sort()).toEqual([...EVENT_TYPES].sort());
  });

  it('refuse a map that leaves an event type out, so a new type without keys fails the typecheck', () => {
    type WithNewType = EventType | 'SOMETHING_NEW';
    // @ts-expect-error EVENT_KEYS has no entry for SOMETHING_NEW
    const widened: { readonly [T in WithNewType]: readonly QueryKey[] } = EVENT_KEYS;
    const { REFERRAL_ASSIGNED: _left, ...missingOne } = EVENT_KEYS;
    // @ts-expect-error a map without REFERRAL_ASSIGNED is not a map of every event type
    const partial: typeof EVENT_KEYS = missingOne;
    expect([widened, partial]).toHaveLength(2);
  });

  it('parse a change the server sends and give the keys of its type', () => {
    const data = JSON.stringify({
      id: 'c1',
      type: 'ANNOUNCEMENT_CHANGED',
      payload: { announcementId: 4 },
      created: '2026-01-01T00:00:00.000Z',
    });
    const change = parseChange(data);
    expectTypeOf(change).toEqualTypeOf<LiveChange | undefined>();
    expect(change?.type).toBe('ANNOUNCEMENT_CHANGED');
    expect(keysFor(change!)).toBe(EVENT_KEYS.ANNOUNCEMENT_CHANGED);
  });

  it('drop a message that is not a change of a known type: it refreshes nothing', () => {
    expect(parseChange('{not json')).toBeUndefined();
    expect(parseChange(JSON.stringify({ id: 'c1', type: 'SOMETHING_NEW', payload: {}, created: 'x' }))).toBeUndefined();
    expect(
      parseChange(JSON.stringify({ id: 'c1', type: 'REFERRAL_ACCEPTED', payload: { nested: {} }, created: 'x' })),
    ).toBeUndefined();
  });
});
