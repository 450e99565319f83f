import { describe, expect, it } from 'vitest';

import { distinctNames, type NamedChoice } from '../../src/lib/distinct-names.ts';

describe('distinctNames', () => {
  it.each<[string, NamedChoice[], string[]]>([
    [
      'a unique name stays alone',
      [
        { id: 1, name: 'Ella Nguyen', email: 'ella@a.test' },
        { id: 2, name: 'Sam Ruiz' },
      ],
      ['Ella Nguyen', 'Sam Ruiz'],
    ],
    [
      'two of one name show their emails',
      [
        { id: 1, name: 'Ella Nguyen', email: 'ella@a.test' },
        { id: 2, name: 'Ella Nguyen', email: 'e.nguyen@b.test' },
      ],
      ['Ella Nguyen (ella@a.test)', 'Ella Nguyen (e.nguyen@b.test)'],
    ],
    [
      'names compare without case or extra spaces',
      [
        { id: 1, name: 'Ella  Nguyen', email: 'x@a.test' },
        { id: 2, name: 'ella nguyen', email: 'y@a.test' },
      ],
      ['Ella  Nguyen (x@a.test)', 'ella nguyen (y@a.test)'],
    ],
    [
      'without an email the office, then the record number',
      [
        { id: 7, name: 'Al Li', office: 'North' },
        { id: 8, name: 'Al Li', email: null },
      ],
      ['Al Li (North)', 'Al Li (#8)'],
    ],
  ])('%s', (_, choices, labels) => {
    const m = distinctNames(choices);
    expect(choices.map((c) => m.get(c.id))).toEqual(labels);
  });
});
