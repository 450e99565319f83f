import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

// Where the server may send a push message (docs/security.md, "Push endpoints reach only push
// services"; decision 0083). A subscription's endpoint is a URL the browser's push service gave, and
// the agent registers it: left open, any agent could make the server POST to an address inside our
// network (blind SSRF). So an endpoint must be https on port 443 at a host of a known push service
// (an allow-list: it needs no DNS at registration, which these machines lack), never an IP literal;
// and at delivery the name is resolved once, every address it resolves to is checked against the
// ranges below, and the connection goes to the address that was checked (no second lookup a DNS
// rebinding could answer differently). Demo mode also takes plain http on the loopback interface,
// for the stand-in push service of the tests; nothing else.

/** Push services' hosts: exact names, and suffixes (a leading dot) under which the service names its hosts. */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com', // Chrome, Edge on Android, Samsung Internet (Firebase Cloud Messaging)
  'updates.push.services.mozilla.com', // Firefox
  'push.services.mozilla.com',
  '.push.apple.com', // Safari (web.push.apple.com)
  '.notify.windows.com', // Edge on Windows (WNS: *.notify.windows.com)
];

/** Hosts a demo may push to over plain http: the machine itself (a stand-in push service in tests). */
const DEMO_LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Addresses the server never sends a push message to, whatever a name resolves to. */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16], // private (RFC 1918)
  ['100.64.0.0', 10], // carrier-grade NAT (RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24], // special use, benchmarking, documentation
  ['224.0.0.0', 4],
  ['240.0.0.0', 4], // multicast, reserved and broadcast
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128], // unspecified, loopback
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48], // NAT64: an IPv4 address inside
  ['2001:db8::', 32], // documentation
  ['100::', 64], // discard
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is one the server must not reach (loopback, private, link-local, CGNAT, 0/8, multicast, unspecified...). */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1, ::10.0.0.1) is judged as that IPv4 address.
  const mapped = /^::(?:ffff:(?:0:)?)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
  const lower = address.toLowerCase();
  if (lower.startsWith('::ffff:')) return true; // a mapped address in hex form: refused rather than decoded
  return BLOCKED.check(address, 'ipv6');
}

const onAllowList = (host: string) =>
  PUSH_SERVICE_HOSTS.some((h) => (h.startsWith('.') ? host.endsWith(h) && host.length > h.length : host === h));

export type EndpointRefusal = 'NOT_A_URL' | 'CREDENTIALS' | 'NOT_HTTPS' | 'PORT' | 'IP_LITERAL' | 'NOT_A_PUSH_SERVICE';

/** The answer a registration gives for each refusal (the `endpoint` field's message). */
export const ENDPOINT_REFUSAL_MESSAGES: Record<EndpointRefusal, string> = {
  NOT_A_URL: 'must be a URL',
  CREDENTIALS: 'must not carry a user name or password',
  NOT_HTTPS: 'must be an https URL',
  PORT: 'must use the https port (443)',
  IP_LITERAL: 'must name a push service, not an IP address',
  NOT_A_PUSH_SERVICE: 'must be the endpoint of a browser push service',
};

/**
 * Why the server may not send to this push service URL, or null when it may. Registration and
 * delivery both ask; delivery then resolves the host with pushLookup, which checks the addresses.
 */
export function pushEndpointRefusal(endpoint: string, demoMode: boolean): EndpointRefusal | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'NOT_A_URL';
  }
  if (url.username || url.password) return 'CREDENTIALS';
  const host = url.hostname.toLowerCase();
  if (demoMode && url.protocol === 'http:' && DEMO_LOOPBACK_HOSTS.has(host)) return null;
  if (url.protocol !== 'https:') return 'NOT_HTTPS';
  if (url.port !== '' && url.port !== '443') return 'PORT';
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0 || /^[\d.]+$/.test(host) || /^0x/i.test(host)) return 'IP_LITERAL';
  return onAllowList(host.replace(/\.$/, '')) ? null : 'NOT_A_PUSH_SERVICE';
}

/** Whether the server may send to a push service URL (pushEndpointRefusal answered null). */
export const pushEndpointAllowed = (endpoint: string, demoMode: boolean) =>
  pushEndpointRefusal(endpoint, demoMode) === null;

/** A resolver as node:dns lookup with { all: true } answers (injectable for a test of what a name resolves to). */
export type Resolve = (
  host: string,
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;
const systemResolve: Resolve = (host, callback) => dnsLookup(host, { all: true, verbatim: true }, callback);

/** The error a refused address raises (the request is never sent). */
export class BlockedAddressError extends Error {
  readonly code = 'EPUSHBLOCKED';
  constructor(host: string) {
    super(`${host} resolves to an address the server does not send to`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The `lookup` of the push request's socket: resolves the name once and refuses it when ANY of its
 * addresses is blocked (a name half pointing inward is not a push service); the socket connects to
 * the address checked here. `allowLoopback`: the demo's http stand-in, whose host must resolve to
 * loopback only.
 */
export function pushLookup(resolve: Resolve = systemResolve, allowLoopback = false) {
  return (host: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolve(host, (err, addresses) => {
      if (err) {
        callback(err, []);
        return;
      }
      const ok =
        addresses.length > 0 &&
        addresses.every((a) => (allowLoopback ? isLoopback(a.address) : !isBlockedAddress(a.address)));
      if (!ok) {
        callback(new BlockedAddressError(host), []);
        return;
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

const isLoopback = (address: string) => address === '::1' || /^127\./.test(address) || /^::ffff:127\./i.test(address);
