import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import { startTestServer, type TestServer } from '../setup/test-server.ts';

// The console's assets are sent as the .br or .gz copy `npm run build` writes beside them
// (scripts/precompress.mjs) to a browser that accepts it, and as the file itself to one that does not.

let server: TestServer;
let staticDir: string;
const chunk = `export const words = ${JSON.stringify('porchlight '.repeat(400))};\n`;

beforeAll(async () => {
  server = await startTestServer();
  staticDir = mkdtempSync(path.join(tmpdir(), 'porchlight-precompressed-'));
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(path.join(staticDir, 'assets', 'chunk-abc.js'), chunk);
  writeFileSync(path.join(staticDir, 'assets', 'chunk-abc.js.br'), brotliCompressSync(chunk));
  writeFileSync(path.join(staticDir, 'assets', 'chunk-abc.js.gz'), gzipSync(chunk));
});
afterAll(async () => {
  rmSync(staticDir, { recursive: true, force: true });
  await server.close();
});

const get = (encoding?: string) =>
  createApp({ db: server.db, config: testConfig({ staticDir }), serveConsole: true }).request('/assets/chunk-abc.js', {
    headers: encoding ? { 'Accept-Encoding': encoding } : {},
  });

describe('precompressed assets', () => {
  it('sends the Brotli copy to a browser that accepts it, with the type and caching of the file', async () => {
    const res = await get('gzip, deflate, br, zstd');
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Content-Type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('Vary')).toContain('Accept-Encoding');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(brotliCompressSync(chunk));
  });

  it('sends the gzip copy to one that accepts gzip only, and the file to one that accepts neither', async () => {
    const gz = await get('gzip');
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(await new Response(gz.body!.pipeThrough(new DecompressionStream('gzip'))).text()).toBe(chunk);
    const plain = await get();
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(chunk);
  });
});
