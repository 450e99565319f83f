import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in push service for tests (RFC 8030), at the boundary where a browser's real one would be:
// it checks each message's VAPID Authorization (RFC 8292) against the server's public key and
// decrypts the aes128gcm body (RFC 8291) with the subscription's private keys, as only the browser
// holding them could.

const b64u = (b: Buffer) => b.toString('base64url');

/** A browser's side of a subscription: its ECDH P-256 key pair and auth secret. */
export function subscriptionKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, p256dh: b64u(ecdh.getPublicKey()), authSecret: b64u(auth) };
}
export type SubscriptionKeys = ReturnType<typeof subscriptionKeys>;

/** RFC 8291 section 3.4 and RFC 8188: one aes128gcm record, decrypted with the user agent's keys. */
export function decryptAes128gcm(body: Buffer, keys: SubscriptionKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const ecdhSecret = keys.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the record does not end with the last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`; answers the JWT's claims when the signature verifies with `publicKey`. */
export function verifyVapid(
  authorization: string | undefined,
  publicKey: string,
): { aud: string; exp: number; sub: string } {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [, jwt, k] = m as unknown as [string, string, string];
  if (k !== publicKey) throw new Error("the VAPID key is not the server's");
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('the VAPID signature does not verify');
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256')
    throw new Error('the VAPID JWT is not ES256');
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
}

export interface ReceivedPush {
  path: string;
  headers: IncomingMessage['headers'];
  claims: { aud: string; exp: number; sub: string };
  message: unknown;
}

/**
 * Listens on the loopback interface. `subscribe()` gives a subscription on it (its endpoint and the
 * keys the server is told); every POST is checked and decrypted, or answered 400 with the reason.
 * `answerWith(path, status)` makes the service answer that endpoint with e.g. 410 Gone.
 */
export async function startPushService(vapidPublicKey: () => Promise<string>) {
  const keysByPath = new Map<string, SubscriptionKeys>();
  const statusByPath = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const waiters = new Set<() => void>();
  const load = { inFlight: 0, maxInFlight: 0, answerAfterMs: 0 };
  const server: Server = createServer((req, res) => {
    load.inFlight += 1;
    load.maxInFlight = Math.max(load.maxInFlight, load.inFlight);
    res.on('finish', () => {
      load.inFlight -= 1;
    });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on(
      'end',
      () =>
        void (async () => {
          const path = req.url ?? '';
          try {
            const keys = keysByPath.get(path);
            if (!keys || req.method !== 'POST') throw new Error(`no subscription at ${req.method} ${path}`);
            if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('the body is not aes128gcm');
            const claims = verifyVapid(req.headers.authorization, await vapidPublicKey());
            if (claims.aud !== `http://${req.headers.host}`)
              throw new Error(`the VAPID audience ${claims.aud} is not this push service`);
            if (claims.exp * 1000 <= Date.now() || claims.exp * 1000 > Date.now() + 24 * 3600_000)
              throw new Error('the VAPID JWT expiry is not within 24 h');
            received.push({
              path,
              headers: req.headers,
              claims,
              message: JSON.parse(decryptAes128gcm(Buffer.concat(chunks), keys)),
            });
            // A slow push service: the answer comes this long after the request (to see how many the server keeps in flight).
            if (load.answerAfterMs > 0) await new Promise((resolve) => setTimeout(resolve, load.answerAfterMs));
            res.writeHead(statusByPath.get(path) ?? 201).end();
          } catch (err) {
            refused.push((err as Error).message);
            res.writeHead(400).end((err as Error).message);
          }
          for (const w of waiters) w();
        })(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let next = 0;
  return {
    received,
    refused,
    /** Requests being answered now, the most at once so far, and the delay before each answer. */
    load,
    subscribe() {
      const path = `/push/${(next += 1)}-${b64u(randomBytes(6))}`;
      const keys = subscriptionKeys();
      keysByPath.set(path, keys);
      return { path, endpoint: `${origin}${path}`, keys: { p256dh: keys.p256dh, auth: keys.authSecret } };
    },
    answerWith(path: string, status: number) {
      statusByPath.set(path, status);
    },
    /** Resolves with the first message to `path` that `match` accepts, or rejects after `ms`. */
    waitFor(path: string, ms: number, match: (m: ReceivedPush) => boolean = () => true): Promise<ReceivedPush> {
      return new Promise((resolve, reject) => {
        const look = () => {
          const hit = received.find((r) => r.path === path && match(r));
          if (!hit) return false;
          waiters.delete(look);
          clearTimeout(timer);
          resolve(hit);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(new Error(`no push to ${path} within ${ms} ms (refused: ${refused.join('; ')})`));
        }, ms);
        if (!look()) waiters.add(look);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
