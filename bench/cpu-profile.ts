// Where a process's CPU went: a V8 CPU profile (the inspector's Profiler, as `node --cpu-prof` writes
// it) summed by self time per frame and per module (our code, hono, kysely, pg or PGlite, node's
// own), for bench/api.ts's profile mode.

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** The module a frame belongs to, by its script's URL. */
export function moduleOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  // No script: V8's own (GC, program) or a builtin or native binding (writev is the socket write).
  if (!url) return functionName.startsWith('(') ? functionName : 'V8 builtins, native';
  if (url.startsWith('node:')) return 'node internals';
  if (url.startsWith('wasm://')) return 'pglite'; // PGlite's PostgreSQL, compiled to WebAssembly
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
  if (pkg) {
    if (pkg === 'hono' || pkg === '@hono/node-server') return 'hono';
    if (pkg === 'pg' || pkg.startsWith('pg-')) return 'pg';
    if (pkg === '@electric-sql/pglite') return 'pglite';
    return pkg;
  }
  if (/\/(server|src)\//.test(url)) return 'ours';
  return 'other';
}

export interface ProfileSummary {
  totalMs: number;
  modules: { module: string; ms: number }[];
  frames: { module: string; frame: string; ms: number }[];
}

/** Self time per frame (function and place) and per module, largest first; idle time left out. */
export function summarise(profile: CpuProfile): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const frames = new Map<string, { module: string; frame: string; ms: number }>();
  const modules = new Map<string, number>();
  let totalMs = 0;
  profile.samples.forEach((id, i) => {
    const cf = byId.get(id);
    if (!cf || cf.functionName === '(idle)') return;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const module = moduleOf(cf);
    const place = cf.url
      ? ` ${cf.url.replace(/^file:\/\/.*?\/(node_modules|server|src|bench)\//, '$1/')}:${cf.lineNumber + 1}`
      : '';
    const frame = `${cf.functionName || '(anonymous)'}${place}`;
    const f = frames.get(frame) ?? { module, frame, ms: 0 };
    f.ms += ms;
    frames.set(frame, f);
    modules.set(module, (modules.get(module) ?? 0) + ms);
    totalMs += ms;
  });
  return {
    totalMs,
    modules: [...modules].map(([module, ms]) => ({ module, ms })).sort((a, b) => b.ms - a.ms),
    frames: [...frames.values()].sort((a, b) => b.ms - a.ms),
  };
}

/** The summary as lines: each module's share of the busy time, then the top `top` frames by self time. */
export function formatSummary(s: ProfileSummary, requests: number, top = 15): string {
  const pct = (ms: number) => `${((ms / Math.max(s.totalMs, 1e-9)) * 100).toFixed(1).padStart(5)}%`;
  const perReq = (ms: number) => `${(ms / Math.max(requests, 1)).toFixed(3)} ms/req`;
  return [
    `  busy ${s.totalMs.toFixed(0)} ms over ${requests} requests (${perReq(s.totalMs)}); self time by module:`,
    ...s.modules.map((m) => `    ${m.module.padEnd(22)} ${pct(m.ms)}  ${perReq(m.ms)}`),
    `  top ${top} frames by self time:`,
    ...s.frames.slice(0, top).map((f) => `    ${pct(f.ms)}  ${f.module.padEnd(16)} ${f.frame}`),
  ].join('\n');
}
