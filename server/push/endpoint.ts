/** Hosts a demo may push to over plain http: the machine itself (a stand-in push service in tests). */
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * Whether the server may send to a push service URL: https only (RFC 8030 requires TLS; a browser's
 * push service always is), and in demo mode also http on the loopback interface, so a stand-in push
 * service can receive and decrypt messages in tests. Never a private-network http host: the server
 * would become a way to reach it.
 */
export function pushEndpointAllowed(endpoint: string, demoMode: boolean): boolean {
  let url: URL;
  try { url = new URL(endpoint); } catch { return false; }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return demoMode && url.protocol === 'http:' && LOOPBACK.test(url.hostname);
}
