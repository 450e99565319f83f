import { describe, expect, it } from 'vitest';

import { conversionLevel, conversionScaleEnd, levelLegend, scoreLevel } from '../../src/lib/score-levels.ts';

describe('score levels (overall, invites, updates, met with)', () => {
  it.each([
    [0, 'Red'],
    [49.99, 'Red'],
    [50, 'Bronze'],
    [64.99, 'Bronze'],
    [65, 'Silver'],
    [79.99, 'Silver'],
    [80, 'Gold'],
    [89.99, 'Gold'],
    [90, 'Platinum'],
    [100, 'Platinum'],
  ])('a score of %s is %s (each level includes its lower bound)', (score, level) => {
    expect(scoreLevel(score)).toBe(level);
  });
});

describe('conversion levels', () => {
  it.each([
    [0, 'Red'],
    [0.74, 'Red'],
    [0.75, 'Bronze'],
    [1.49, 'Bronze'],
    [1.5, 'Silver'],
    [2.24, 'Silver'],
    [2.25, 'Gold'],
    [2.99, 'Gold'],
    [3, 'Platinum'],
    [12, 'Platinum'],
  ])('a conversion of %s%% is %s', (conversion, level) => {
    expect(conversionLevel(conversion)).toBe(level);
  });
});

describe('the conversion gauge scale', () => {
  it.each([
    [0, 10],
    [2.1, 10],
    [10, 10],
    [10.01, 35],
    [35, 35],
    [35.5, 100],
    [100, 100],
  ])('a conversion of %s%% ends the scale at %s%%', (value, end) => {
    expect(conversionScaleEnd(value)).toBe(end);
  });
});

describe('the level legend', () => {
  it('lists the score levels with their ranges', () => {
    expect(levelLegend('score').map((r) => `${r.level} ${r.range}`)).toEqual([
      'Red Under 50',
      'Bronze 50–65',
      'Silver 65–80',
      'Gold 80–90',
      'Platinum 90–100',
    ]);
  });
  it('lists the conversion levels with their ranges', () => {
    expect(levelLegend('conversion').map((r) => `${r.level} ${r.range}`)).toEqual([
      'Red Under 0.75%',
      'Bronze 0.75–1.5%',
      'Silver 1.5–2.25%',
      'Gold 2.25–3%',
      'Platinum 3% and above',
    ]);
  });
});
