// ESLint 9 flat config. Not type-aware on purpose (fast; `npm run typecheck` covers types).
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = import.meta.dirname;
/** The shared layers, lowest first: each imports only itself and the layers before it. */
const LAYER_ORDER = ['lib', 'access', 'contract', 'api', 'session', 'ui', 'widgets'];
/**
 * src/ui is the design system: it holds no data access, so it skips the two data layers below it.
 * A component that reads or writes through the API or the session is a widget (src/widgets).
 */
const UI_MAY_NOT_IMPORT = ['api', 'session'];
/** What the server may take from the console's tree: the contract and the pure layers. */
const SERVER_MAY_IMPORT = ['contract', 'lib', 'access'];

/** Where a repository path sits in the import picture of STYLE.md ("Imports run one way"). */
function layerOf(repoPath) {
  const parts = repoPath.split('/');
  if (parts[0] === 'server') return { layer: 'server' };
  if (parts[0] !== 'src') return null;
  if (parts[1] === 'features') return { layer: 'features', feature: parts[2] };
  if (parts[1] === 'app') return { layer: 'app' };
  if (LAYER_ORDER.includes(parts[1])) return { layer: 'shared', name: parts[1], rank: LAYER_ORDER.indexOf(parts[1]) };
  return null;
}

// The module graph for the cycle check, read from disk (relative imports only) and cached by
// modification time, so one lint run reads each file once and an editor session stays fresh.
const IMPORT_SPECIFIER = /(?:\bfrom|^\s*import|\bimport\s*\()\s*['"](\.{1,2}\/[^'"]+)['"]/gm;
const graphCache = new Map();

function resolveImport(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    try {
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      /* try the next spelling */
    }
  }
  return null;
}

function importsOf(file) {
  let mtime;
  try {
    mtime = fs.statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = graphCache.get(file);
  if (cached && cached.mtime === mtime) return cached.imports;
  const text = fs.readFileSync(file, 'utf8');
  const imports = [...text.matchAll(IMPORT_SPECIFIER)].map((m) => resolveImport(file, m[1])).filter(Boolean);
  graphCache.set(file, { mtime, imports });
  return imports;
}

/** A path of imports from `start` back to `target` (depth first), or null when there is none. */
function pathBack(start, target, inCycleScope) {
  const seen = new Set();
  const walk = (file, trail) => {
    if (file === target) return trail;
    if (seen.has(file) || !inCycleScope(file)) return null;
    seen.add(file);
    for (const next of importsOf(file)) {
      const found = walk(next, [...trail, next]);
      if (found) return found;
    }
    return null;
  };
  return walk(start, [start]);
}

/**
 * One rule instead of one restricted-paths zone per feature: it resolves each relative import
 * and checks the importer's layer against the target's, so a new feature folder needs no config.
 * It also refuses an import that closes a cycle (src/ and server/), naming the whole loop.
 */
const importBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Imports run one way: app -> features -> widgets > ui > session > api > contract > access > lib; ui holds no data access; no cycles (STYLE.md).',
    },
    schema: [],
    messages: {
      crossFeature:
        "A feature never imports another feature ('{{from}}' imports '{{to}}'): move what both need into a shared layer (src/widgets, src/ui, src/session, src/api, src/contract, src/access or src/lib).",
      featureToApp: 'A feature must not import src/app: the app imports features, not the other way round.',
      sharedUp:
        'src/{{from}} is a shared layer: it must not import src/{{to}} (layer order, lowest first: lib, access, contract, api, session, ui, widgets).',
      uiDataAccess:
        'src/ui is the design system and holds no data access: it must not import src/{{to}}. A component bound to the API or the session goes in src/widgets.',
      consoleToServer: 'The console must not import server code; shared shapes live in src/contract.',
      serverToUi: 'Server code may import only src/contract, src/access and src/lib, not src/{{to}}.',
      cycle: 'Import cycle: {{loop}}. Move what both sides need into a module that neither imports.',
    },
  },
  create(context) {
    const toRepoPath = (absolute) => path.relative(ROOT, absolute).split(path.sep).join('/');
    const self = context.filename;
    const from = layerOf(toRepoPath(self));
    if (!from) return {};
    const inCycleScope = (file) => /^(src|server)\//.test(toRepoPath(file));
    const check = (node) => {
      const source = node.source?.type === 'Literal' ? node.source.value : null;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const targetPath = toRepoPath(path.resolve(path.dirname(self), source));
      const report = (messageId, data = {}) => context.report({ node: node.source, messageId, data });
      const target = resolveImport(self, source);
      if (target && inCycleScope(target)) {
        const loop = pathBack(target, self, inCycleScope);
        if (loop) report('cycle', { loop: [self, ...loop].map(toRepoPath).join(' -> ') });
      }
      const to = layerOf(targetPath);
      if (!to) return;
      const topDir = targetPath.split('/')[1];
      if (from.layer === 'features') {
        if (to.layer === 'features' && to.feature !== from.feature)
          report('crossFeature', { from: from.feature, to: to.feature });
        else if (to.layer === 'app') report('featureToApp');
        else if (to.layer === 'server') report('consoleToServer');
      } else if (from.layer === 'shared') {
        if (to.layer === 'features' || to.layer === 'app' || (to.layer === 'shared' && to.rank > from.rank))
          report('sharedUp', { from: from.name, to: topDir });
        else if (from.name === 'ui' && to.layer === 'shared' && UI_MAY_NOT_IMPORT.includes(to.name))
          report('uiDataAccess', { to: topDir });
        else if (to.layer === 'server') report('consoleToServer');
      } else if (from.layer === 'app') {
        if (to.layer === 'server') report('consoleToServer');
      } else if (from.layer === 'server') {
        if (
          to.layer === 'features' ||
          to.layer === 'app' ||
          (to.layer === 'shared' && !SERVER_MAY_IMPORT.includes(to.name))
        ) {
          report('serverToUi', { to: topDir });
        }
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const porchlight = { rules: { 'import-boundaries': importBoundaries } };

export default defineConfig(
  globalIgnores([
    'dist/',
    'dist-*/',
    'dev-dist/',
    'node_modules/',
    '.tmp/',
    '.data/',
    'coverage/',
    'playwright-report/',
    'test-results/',
    'bench/.out/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { porchlight },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'porchlight/import-boundaries': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: globals.browser },
  },
  {
    // Wrap vendors once (STYLE.md): Radix only in src/ui; fetch only in src/api/client.ts.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@radix-ui/*'], message: 'Only src/ui imports Radix: use or add a component there.' }],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/api/client.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Only src/api/client.ts calls fetch (bearer token, impersonation, 401 handling).' },
      ],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].map((object) => ({
          object,
          property: 'fetch',
          message: 'Only src/api/client.ts calls fetch.',
        })),
      ],
    },
  },
  {
    // One QueryClient (STYLE.md); tests get theirs from the same factory.
    files: ['**/*.{ts,tsx}'],
    ignores: ['src/app/query-client.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='QueryClient']",
          message: 'Only src/app/query-client.ts creates a QueryClient: import it (or its factory) from there.',
        },
      ],
    },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: [
      'server/**/*.ts',
      'scripts/**/*.{js,mjs,ts}',
      'bench/**/*.ts',
      'e2e/**/*.ts',
      'tests/**/*.{ts,tsx}',
      '*.{js,mjs,ts}',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['tests/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // Test doubles sometimes need a loose type; product code never.
    files: ['tests/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
