import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { ROUTES } from '../../src/access/route-table.ts';

// The e2e fixtures type every path a test opens (`AppPath` in e2e/fixtures.ts) from CONSOLE_SECTIONS,
// so a typo fails the typecheck. That list is read here (importing the fixtures would load Playwright)
// and must name exactly the console sections of the route table.
const fixtures = readFileSync(path.resolve('e2e/fixtures.ts'), 'utf8');

function e2eSections(text: string): string[] {
  const block = /export const CONSOLE_SECTIONS = \[([^\]]*)\] as const/.exec(text);
  if (!block) throw new Error('CONSOLE_SECTIONS not found in e2e/fixtures.ts');
  return [...block[1]!.matchAll(/'([\w-]+)'/g)].map((m) => m[1]!);
}

const routeSections = () =>
  [...new Set(ROUTES.map((r) => /^\/console\/([\w-]+)/.exec(r.path)?.[1]).filter((s): s is string => !!s))].sort();

describe('the e2e paths follow the route table', () => {
  it('names every console section of src/access/route-table.ts, and no other', () => {
    expect(routeSections().length).toBeGreaterThan(20);
    expect([...e2eSections(fixtures)].sort()).toEqual(routeSections());
  });

  it('fails when the e2e list misses a section', () => {
    const shorter = fixtures.replace("  'my-leads',\n", '');
    expect([...e2eSections(shorter)].sort()).not.toEqual(routeSections());
  });
});
