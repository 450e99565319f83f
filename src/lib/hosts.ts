import { OAUTH_CLIENTS } from './brand.ts';

// Agent hosts (DESIGN.md). The server reads AGENT_HOSTS at run time for redirect URIs; the
// console is told at build time through VITE_AGENT_HOSTS, with the same default.
const AGENT_HOSTS = (import.meta.env.VITE_AGENT_HOSTS ?? 'agents.localhost')
  .split(',')
  .map((h: string) => h.trim().toLowerCase())
  .filter(Boolean);

export const isAgentHost = (hostname: string = globalThis.location?.hostname ?? ''): boolean =>
  AGENT_HOSTS.includes(hostname.toLowerCase());

/** Only agent hosts use the agents' sign-in client; every other host the general one. */
export const clientIdForHost = (hostname?: string) =>
  isAgentHost(hostname) ? OAUTH_CLIENTS.agent : OAUTH_CLIENTS.console;
