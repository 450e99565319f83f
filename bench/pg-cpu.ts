// CPU seconds used by a local PostgreSQL server, read from /proc: every process of the server (the
// postmaster and its children, found by the data folder's postmaster.pid) plus what its exited
// children used (the postmaster's cutime and cstime). Undefined when the server is not on this
// machine or /proc is unreadable: the benchmarks then print no database CPU.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function statFields(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** The postmaster's pid of the server listening on `port`, found among the processes named postgres. */
export function postmasterPid(port: number): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (!cmd[0]?.endsWith('/postgres')) continue;
      const at = cmd.indexOf('-p');
      if (at >= 0 && Number(cmd[at + 1]) === port) return Number(entry);
    } catch {
      /* gone or unreadable */
    }
  }
  return undefined;
}

/** CPU seconds of the server whose postmaster is `pid` so far (itself, its live children, its exited children). */
export function serverCpuSeconds(pid: number): number | undefined {
  const own = statFields(pid);
  if (!own) return undefined;
  // Fields after the name: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14).
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === pid) continue;
    const f = statFields(Number(entry));
    if (f && Number(f[1]) === pid) ticks += Number(f[11]) + Number(f[12]);
  }
  return ticks / TICKS_PER_SECOND;
}

/** A reader of the server's CPU seconds for a postgres:// URL on this machine, or undefined. */
export function serverCpuReader(url: string): (() => number | undefined) | undefined {
  const { hostname, port } = new URL(url);
  if (!['127.0.0.1', 'localhost', '::1', ''].includes(hostname)) return undefined;
  const pid = postmasterPid(Number(port || 5432));
  return pid === undefined ? undefined : () => serverCpuSeconds(pid);
}
