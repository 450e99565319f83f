import { promisify } from 'node:util';
import { gzip as gzipAsync, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Below this a body fits one packet and compressing it costs more than it saves (Hono's default too). */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Above this the gzip runs on libuv's thread pool rather than on the event loop. */
const ASYNC_GZIP_BYTES = 64 * 1024;
const gzipLarge = promisify(gzipAsync);
const acceptsGzip = (header: string | undefined) =>
  header !== undefined && /\bgzip\b/i.test(header) && !/\bgzip\s*;\s*q=0(\.0*)?\s*(,|$)/i.test(header);
const isJson = (type: string | null) => type !== null && /^application\/json\b/i.test(type);
const noTransform = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * Answers compression. A JSON answer (every API answer but the CSV exports) is held in memory
 * already, so it is gzipped in one call (zlib, the body as bytes) and sent as bytes: Node's server
 * then writes it with its length in one go. Hono's `compress` pipes every answer through a web
 * `CompressionStream` and turns it into a streamed response, whatever its size: that cost the server
 * 2 to 4 ms per call, more than most reads themselves (measured on users/me and brokerage stats with
 * a browser's `Accept-Encoding`). JSON under a kilobyte goes as it is. Everything else (the CSV
 * exports, a static file without a precompressed copy) keeps Hono's streaming `compress`.
 */
export function compressAnswers(): MiddlewareHandler {
  const streaming = compress();
  return async (c, next) => {
    const accepted = c.req.header('Accept-Encoding');
    if (!accepted || !/\b(gzip|deflate)\b/i.test(accepted)) return next();
    await next();
    const res = c.res;
    // Hono's `compress` looks at the answer after its `next`: given one that does nothing, it
    // compresses the answer already made.
    if (!isJson(res.headers.get('Content-Type'))) return streaming(c, async () => {});
    if (
      c.req.method === 'HEAD' ||
      res.status === 204 ||
      res.status === 206 ||
      res.status === 304 ||
      res.headers.has('Content-Encoding') ||
      noTransform.test(res.headers.get('Cache-Control') ?? '') ||
      !acceptsGzip(accepted)
    )
      return;
    const bytes = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    headers.delete('Content-Length');
    headers.append('Vary', 'Accept-Encoding');
    let body = bytes;
    if (bytes.byteLength >= COMPRESS_THRESHOLD_BYTES) {
      const zipped = bytes.byteLength > ASYNC_GZIP_BYTES ? await gzipLarge(bytes) : gzipSync(bytes);
      body = new Uint8Array(zipped.buffer as ArrayBuffer, zipped.byteOffset, zipped.byteLength);
      headers.set('Content-Encoding', 'gzip');
      const etag = headers.get('ETag');
      if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    }
    c.res = undefined; // Hono would otherwise rebuild the answer around the old one's body, as a stream
    c.res = new Response(body, { status: res.status as ContentfulStatusCode, headers });
  };
}
