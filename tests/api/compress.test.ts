import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { COMPRESS_THRESHOLD_BYTES } from '../../server/http/compress.ts';
import { signIn, startTestServer, type TestServer } from '../setup/test-server.ts';

// Answers' compression (server/http/compress.ts): JSON gzipped in one call and sent with its length,
// small JSON as it is, anything else streamed through Hono's compress.
let server: TestServer;
let auth: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  auth = { Authorization: `Bearer ${(await signIn(server, 'admin@demo.test')).token}` };
});
afterAll(async () => {
  await server.close();
});

const get = (url: string, encoding: string | null, method = 'GET') =>
  server.app.request(url, {
    method,
    headers: { ...auth, ...(encoding === null ? {} : { 'Accept-Encoding': encoding }) },
  });

describe('answer compression', () => {
  it('gzips a large JSON answer into a body with its length, equal to the plain answer', async () => {
    const url = '/agents-api/agents?pageSize=100';
    const zipped = await get(url, 'gzip, deflate, br');
    const plain = await get(url, null);
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('Content-Encoding')).toBe('gzip');
    expect(zipped.headers.get('Vary')).toContain('Accept-Encoding');
    expect(zipped.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(zipped.headers.get('Cache-Control')).toBe('no-store');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(bytes.length).toBeLessThan(text.length);
    expect(gunzipSync(bytes).toString('utf8')).toBe(text);
    expect(plain.headers.get('Content-Encoding')).toBeNull();
  });

  it('sends a JSON answer under a kilobyte as it is', async () => {
    const res = await get('/users-api/users/me', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Vary')).toContain('Accept-Encoding');
    const body = (await res.json()) as { email: string };
    expect(body.email).toBe('admin@demo.test');
  });

  it('gzips error answers too, and leaves a client that refuses gzip with the plain answer', async () => {
    const refused = await get('/agents-api/agents?pageSize=100', 'gzip;q=0, deflate');
    expect(refused.headers.get('Content-Encoding')).toBeNull();
    expect(((await refused.json()) as { content: unknown[] }).content.length).toBeGreaterThan(0);
    const missing = await get('/agents-api/agents/999999', 'gzip');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('Content-Encoding')).toBeNull(); // a short error body
    expect(((await missing.json()) as { message: string }).message).toBeTruthy();
  });

  it('keeps streaming compression for a CSV export', async () => {
    const res = await get('/interviews-api/DNC/export.csv', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    const csv = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
    expect(csv.split('\r\n')[0]).toContain(',');
  });
});
