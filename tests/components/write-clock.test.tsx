import { afterEach, describe, expect, it, vi } from 'vitest';

import { request } from '../../src/api/client.ts';
import { patchUser, stampLastLogin } from '../../src/api/users.ts';
import { lastWriteAt } from '../../src/api/write-clock.ts';

// The write clock (src/api/write-clock.ts) tells a restored query cache which answers may predate a
// change this browser made: every signed-in call other than a read moves it, as it leaves and lands.

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  localStorage.clear();
});

function answer(status = 200) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () => new Response('{}', { status, headers: { 'Content-Type': 'application/json' } }));
}

describe('the write clock', () => {
  it('knows no change before the first write, and moves with a signed-in write as it leaves and lands', async () => {
    localStorage.clear();
    expect(lastWriteAt()).toBe(0);
    vi.useFakeTimers({ now: 1_800_000_000_000, toFake: ['Date'] });
    answer();
    await request('/agents-api/agents/1', { method: 'PUT', json: { firstName: 'A' } });
    expect(lastWriteAt()).toBe(1_800_000_000_000);
  });

  it('is not moved by reads, nor by the calls made without the session (sign-in, tokens, analytics)', async () => {
    localStorage.clear();
    answer();
    await request('/agents-api/agents/1');
    await request('/auth/oauth2.0/accessToken', { method: 'POST', auth: false, form: { grant_type: 'refresh_token' } });
    await request('/analytics-api/collect', { method: 'POST', auth: false, json: {} });
    expect(lastWriteAt()).toBe(0);
  });

  it('moves when a write fails or never reaches the server: its change may still have landed', async () => {
    localStorage.clear();
    answer(500);
    await expect(request('/agents-api/agents/1', { method: 'DELETE' })).rejects.toThrow();
    const afterRefused = lastWriteAt();
    expect(afterRefused).toBeGreaterThan(0);
    localStorage.clear();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request('/agents-api/agents/1', { method: 'POST', json: {} })).rejects.toThrow(
      'You appear to be offline.',
    );
    expect(lastWriteAt()).toBeGreaterThan(0);
  });

  it("is not moved by the sign-in's last-login stamp, which no restored answer can predate; a profile edit moves it", async () => {
    localStorage.clear();
    const fetch = answer();
    // '{}' is not a user: both calls are refused by the schema after they land, which the clock ignores.
    await expect(stampLastLogin(8, new Date('2026-11-28T02:00:00Z'))).rejects.toThrow();
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toMatch(/\/users-api\/users\/8$/);
    expect(init).toMatchObject({ method: 'PATCH', body: JSON.stringify({ psiLastLogin: '2026-11-28T02:00:00.000Z' }) });
    expect(lastWriteAt()).toBe(0);
    await expect(patchUser(8, { firstName: 'Ada' })).rejects.toThrow();
    expect(lastWriteAt()).toBeGreaterThan(0);
  });

  it('answers "always" when storage cannot be read, so every restored answer is revalidated', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    expect(lastWriteAt()).toBe(Infinity);
  });
});
