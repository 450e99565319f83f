// Bundle budget: the JavaScript the login page downloads before it can render, gzipped.
// Run after a build: node --import tsx bench/bundle.ts   (or: npm run bench -- bundle)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseAst } from 'vite';

// BUNDLE_DIST: measure another build folder (used to check this script on a hand-made build).
const DIST = path.resolve(process.env.BUNDLE_DIST ?? path.join(import.meta.dirname, '..', 'dist'));
const LOGIN_JS_BUDGET_KB = 95; // gzipped JS before the login page can render (kB = 1000 bytes, as Vite prints)
// The console's shared chunk (console-route: the guard and the shell every signed-in screen
// shares), gzip added on top of the login page: 35.5 kB once TanStack Query and the
// persisted cache left the login page for it (27.7 kB before); 45.3 kB once the broker workspace put the
// Invite Agents dialog, the settings dialog and the drawer's unread count in the shell. New screens
// that leak into it (instead of their own lazy chunk) fail the bench; moving those dialogs behind
// lazy imports is the next way down. 39.5 kB once the settings dialog (opened only by
// ?settings=true) left it for its own chunk, and TanStack Query became one chunk; then
// 25.7 kB once Radix's dialog code loads on demand (src/ui/overlay-loader.ts) and dates are written
// without date-fns's locale; the budget follows it down.
const CONSOLE_CHUNK_BUDGET_KB = 29;

interface Chunk {
  file: string;
  raw: number;
  gzip: number;
  staticImports: string[];
  dynamicImports: string[];
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const cache = new Map<string, Chunk>();

/** Reads a built chunk (path relative to dist/, e.g. assets/index-abc.js) and its imports. */
function chunk(file: string): Chunk {
  const known = cache.get(file);
  if (known) return known;
  const code = readFileSync(path.join(DIST, file));
  const staticImports = new Set<string>();
  const dynamicImports = new Set<string>();
  const resolve = (spec: string) => path.posix.join(path.posix.dirname(file), spec);
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    const n = node as {
      type?: string;
      source?: { type?: string; value?: unknown; expressions?: unknown[]; quasis?: { value: { cooked?: string } }[] };
    };
    // Rolldown writes import(`./chunk.js`) with a template literal, static imports with quotes.
    const source =
      n.source?.type === 'Literal' && typeof n.source.value === 'string'
        ? n.source.value
        : n.source?.type === 'TemplateLiteral' && n.source.expressions?.length === 0
          ? (n.source.quasis?.[0]?.value.cooked ?? null)
          : null;
    if (source?.startsWith('.')) {
      if (n.type === 'ImportExpression') dynamicImports.add(resolve(source));
      else if (
        n.type === 'ImportDeclaration' ||
        n.type === 'ExportNamedDeclaration' ||
        n.type === 'ExportAllDeclaration'
      ) {
        staticImports.add(resolve(source));
      }
    }
    for (const value of Object.values(n)) if (value && typeof value === 'object') visit(value);
  };
  visit(parseAst(code.toString('utf8')));
  const result: Chunk = {
    file,
    raw: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
    staticImports: [...staticImports],
    dynamicImports: [...dynamicImports],
  };
  cache.set(file, result);
  return result;
}

/** The chunks a set of entry files pulls in through static imports. */
function staticClosure(entries: string[], exclude: ReadonlySet<string> = new Set()): string[] {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file) || exclude.has(file)) return;
    seen.add(file);
    chunk(file).staticImports.forEach(walk);
  };
  entries.forEach(walk);
  return [...seen];
}

function table(rows: string[][]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const row of rows)
    console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
}

function main(): number {
  const indexFile = path.join(DIST, 'index.html');
  if (!existsSync(indexFile)) {
    console.error('bench bundle: dist/index.html is missing. Build first: npm run build');
    return 1;
  }
  const html = readFileSync(indexFile, 'utf8');
  const attr = (re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!.replace(/^\//, ''));
  const entries = [
    ...attr(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...attr(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ];
  const loginFiles = staticClosure(entries);
  const loginSet = new Set(loginFiles);
  const login = loginFiles.map(chunk).sort((a, b) => b.gzip - a.gzip);
  const total = login.reduce((sum, c) => ({ raw: sum.raw + c.raw, gzip: sum.gzip + c.gzip }), { raw: 0, gzip: 0 });

  console.log('Login page JavaScript (index.html module script, modulepreloads and their static imports)');
  table([
    ['file', 'raw kB', 'gzip kB'],
    ...login.map((c) => [c.file, kb(c.raw), kb(c.gzip)]),
    ['total', kb(total.raw), kb(total.gzip)],
  ]);
  const css = attr(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g).map((file) => {
    const code = readFileSync(path.join(DIST, file));
    return [file, kb(code.length), kb(gzipSync(code, { level: 9 }).length)];
  });
  if (css.length) {
    console.log('\nLogin page CSS (informative)');
    table([['file', 'raw kB', 'gzip kB'], ...css]);
  }

  // Lazy chunks: every chunk reached through import() (from the login page or from another lazy
  // chunk), with what it adds on top of the login page.
  const visited = new Set<string>();
  const queue = [...loginFiles];
  while (queue.length) {
    const file = queue.shift()!;
    if (visited.has(file)) continue;
    visited.add(file);
    queue.push(...chunk(file).staticImports, ...chunk(file).dynamicImports);
  }
  const dynamicTargets = [...visited].flatMap((f) => chunk(f).dynamicImports).filter((f) => !loginSet.has(f));
  const routes = [...new Set(dynamicTargets)]
    .map((file) => {
      const added = staticClosure([file], loginSet).map(chunk);
      return { file, own: chunk(file).gzip, added: added.reduce((s, c) => s + c.gzip, 0) };
    })
    .sort((a, b) => b.added - a.added);
  if (routes.length) {
    console.log(
      '\nLazy chunks (informative): own gzip, and gzip added on top of the login page with their static imports',
    );
    table([['chunk', 'own gzip kB', 'added gzip kB'], ...routes.map((r) => [r.file, kb(r.own), kb(r.added)])]);
  } else {
    console.log('\nNo lazy chunks.');
  }

  const ok = total.gzip <= LOGIN_JS_BUDGET_KB * 1000;
  console.log(
    `\nbundle: login page JS ${kb(total.gzip)} kB gzip; budget ${LOGIN_JS_BUDGET_KB} kB: ${ok ? 'OK' : 'OVER BUDGET'}`,
  );
  const consoleChunk = routes.find((r) => /(^|\/)console-route-[^/]*\.js$/.test(r.file));
  const consoleOk = consoleChunk !== undefined && consoleChunk.added <= CONSOLE_CHUNK_BUDGET_KB * 1000;
  console.log(
    consoleChunk
      ? `bundle: shared console chunk adds ${kb(consoleChunk.added)} kB gzip; budget ${CONSOLE_CHUNK_BUDGET_KB} kB: ${consoleOk ? 'OK' : 'OVER BUDGET'}`
      : 'bundle: no console-route chunk found (the shared console chunk must stay a lazy chunk)',
  );
  // A lazy page's chunks are fetched by the module loader, not preloaded by script: Vite's helper
  // lists them as "assets/....js" beside each import() and appends a <link> for each (vite.config.ts,
  // modulePreload; it made the longest task of a signed-in load).
  const preloading = readdirSync(path.join(DIST, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .filter((f) => /["'`]assets\/[^"'`]+\.js["'`]/.test(readFileSync(path.join(DIST, 'assets', f), 'utf8')));
  console.log(
    preloading.length
      ? `bundle: ${preloading.join(', ')} preload their lazy chunks' dependencies by script (modulePreload.resolveDependencies): FAILED`
      : "bundle: no chunk preloads a lazy chunk's dependencies by script: OK",
  );
  return ok && consoleOk && preloading.length === 0 ? 0 : 1;
}

process.exitCode = main();
