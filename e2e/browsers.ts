import { existsSync } from 'node:fs';

// The browsers the e2e and the browser benchmarks run in (decision 0135), both Debian's builds of Chromium:
// - full Chromium (`chromium`): CHROME_PATH, else /usr/bin/chromium, else Playwright's own browser;
// - the headless shell (`chromium-headless-shell`, the same Blink without the browser's UI layer), which
//   Playwright itself uses for headless runs: E2E_CHROME_PATH, else /usr/bin/chromium-headless-shell,
//   else full Chromium. It took a third less CPU for the same tests, on a run that is CPU-bound.
// A spec that needs what only the full browser has (notifications: the shell never grants their
// permission) runs there with `test.use({ launchOptions: fullChromium })`.

/** Full Chromium's executable: what Lighthouse and the browser benchmarks measure (a user's browser). */
export const FULL_CHROMIUM_PATH =
  process.env.CHROME_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const SHELL =
  process.env.E2E_CHROME_PATH ||
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : undefined) ||
  FULL_CHROMIUM_PATH;

/** The flags TOOLCHAIN.md lists for Debian's chromium on this kind of machine. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The flags and the agent host's rule (one argument with spaces: for a launcher that takes a list). Chromium
 * already resolves *.localhost to loopback; the rule keeps the agent host working in a build or a wrapper
 * that does not.
 */
export const CHROMIUM_ARGS = [...CHROMIUM_FLAGS, '--host-resolver-rules=MAP agents.localhost 127.0.0.1'];

/** How every spec's browser is launched: the headless shell when it is installed. */
export const e2eBrowser = { ...(SHELL ? { executablePath: SHELL } : {}), args: CHROMIUM_ARGS };

/** Full Chromium, for a spec that needs it. */
export const fullChromium = {
  ...(FULL_CHROMIUM_PATH ? { executablePath: FULL_CHROMIUM_PATH } : {}),
  args: CHROMIUM_ARGS,
};
