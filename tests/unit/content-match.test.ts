import { describe, expect, it } from 'vitest';

import { matchContent, mismatch, type MatchCandidate } from '../../src/lib/content-match.ts';
import { lineDiff } from '../../src/lib/line-diff.ts';

const item = (id: number, priority: number, audience: MatchCandidate['audience'], active = true): MatchCandidate => ({
  id,
  name: `Item ${id}`,
  priority,
  active,
  version: 1,
  audience,
});
const everyone = item(1, 0, null);
const lgBuyers = item(2, 10, { id: 1, name: 'LG buyers', product: 'LEAD_GENIUS', clientType: 'BUYER' });
const meBuyers = item(3, 5, { id: 2, name: 'ME buyers', state: 'ME', clientType: 'BUYER' });
const aged = item(4, 50, { id: 3, name: 'Aged', leadType: 'AGED' });

describe('matchContent', () => {
  const cases: [string, MatchCandidate[], Record<string, string>, number[], RegExp][] = [
    [
      'more specific wins over higher priority',
      [everyone, aged, lgBuyers],
      { product: 'LEAD_GENIUS', clientType: 'BUYER', leadType: 'AGED' },
      [2, 4, 1],
      /names 2 attributes against 1/,
    ],
    [
      'same specificity: higher priority',
      [meBuyers, lgBuyers, everyone],
      { product: 'LEAD_GENIUS', clientType: 'BUYER', state: 'ME' },
      [2, 3, 1],
      /priority 10 against 5/,
    ],
    ['same everything: the older item', [item(6, 1, null), item(5, 1, null)], {}, [5, 6], /older item \(id 5\)/],
    [
      'an audience attribute not given does not match',
      [lgBuyers, everyone],
      { clientType: 'BUYER' },
      [1],
      /The only match/,
    ],
    ['inactive items never match', [item(7, 9, null, false), everyone], {}, [1], /The only match/],
  ];
  for (const [what, items, attrs, order, why] of cases) {
    it(what, () => {
      const r = matchContent(items, attrs);
      expect(r.matches.map((m) => m.itemId)).toEqual(order);
      expect(r.best?.reason).toMatch(why);
      expect(r.matches.filter((m) => m.best)).toHaveLength(1);
    });
  }
  it('answers no best match when nothing matches', () => {
    expect(matchContent([lgBuyers], { product: 'PORCHLIGHT' })).toEqual({
      best: null,
      matches: [],
      why: 'No active item of this usage matches these attributes',
    });
    expect(mismatch(lgBuyers, { product: 'PORCHLIGHT' })).toBe('Product must be LEAD_GENIUS, not PORCHLIGHT');
  });
});

describe('lineDiff', () => {
  const cases: [string, string, string, string[]][] = [
    ['identical', 'a\nb', 'a\nb', [' a', ' b']],
    ['a line added at the end', 'a\nb', 'a\nb\nc', [' a', ' b', '+c']],
    ['a line changed in the middle', 'a\nb\nc', 'a\nx\nc', [' a', '-b', '+x', ' c']],
    ['from empty', '', 'a', ['+a']],
    ['to empty', 'a\nb', '', ['-a', '-b']],
    ['CRLF is one line break', 'a\r\nb', 'a\nb', [' a', ' b']],
  ];
  for (const [what, a, b, expected] of cases) {
    it(what, () => {
      expect(lineDiff(a, b).map((l) => `${l.kind === 'same' ? ' ' : l.kind === 'added' ? '+' : '-'}${l.text}`)).toEqual(
        expected,
      );
    });
  }
});
