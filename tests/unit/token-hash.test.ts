import { describe, expect, it } from 'vitest';

import { sha256 } from '../../server/auth/tokens.ts';

// The stored form of every token and code (server/auth/tokens.ts): a changed hash would sign everyone out.
describe('token hash', () => {
  it('is the SHA-256 of the text as UTF-8, base64url without padding', () => {
    expect(sha256('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
    expect(sha256('é')).toBe('SplVfkAzw1Od4utlRyAXytX5VX96BiWgnxw_biumnEw');
  });
});
