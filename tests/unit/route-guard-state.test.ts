import { describe, expect, it } from 'vitest';

import { ROUTES } from '../../src/access/route-table.ts';
import { notePublicRoute, takeReauthDecision } from '../../src/app/route-guard-state.ts';

const byId = (id: string) => ROUTES.find((r) => r.id === id)!;

describe('rule 4 of the route guard (silent refresh on navigation)', () => {
  it('refreshes on the first console page after a reload or a deep link', () => {
    expect(takeReauthDecision(byId('overview'))).toBe(true);
  });

  it('skips the refresh only on the navigation that comes from login', () => {
    notePublicRoute(byId('login'));
    expect(takeReauthDecision(byId('overview'))).toBe(false);
    expect(takeReauthDecision(byId('overview'))).toBe(true);
  });
});
