// ESLint 9 flat config. Not type-aware on purpose (fast; `npm run typecheck` covers types).
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = import.meta.dirname;
const SHARED_LAYERS = ['ui', 'api', 'session', 'access', 'lib'];

/** Where a repository path sits in the import picture of STYLE.md ("Imports run one way"). */
function layerOf(repoPath) {
  const parts = repoPath.split('/');
  if (parts[0] === 'server') return { layer: 'server' };
  if (parts[0] !== 'src') return null;
  if (parts[1] === 'features') return { layer: 'features', feature: parts[2] };
  if (parts[1] === 'app') return { layer: 'app' };
  if (SHARED_LAYERS.includes(parts[1])) return { layer: 'shared', name: parts[1] };
  return null;
}

/**
 * One rule instead of one restricted-paths zone per feature: it resolves each relative import
 * and checks the importer's layer against the target's, so a new feature folder needs no config.
 */
const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports run one way: app -> features -> shared layers (STYLE.md).' },
    schema: [],
    messages: {
      crossFeature: "A feature never imports another feature ('{{from}}' imports '{{to}}'): move what both need into src/ui, src/api, src/session, src/access or src/lib.",
      featureToApp: 'A feature must not import src/app: the app imports features, not the other way round.',
      sharedUp: "src/{{from}} is a shared layer: it must not import src/{{to}}.",
      consoleToServer: 'The console must not import server code; shared shapes live in src/api/schemas.',
      serverToUi: 'Server code may import only src/api, src/access and src/lib, not src/{{to}}.',
    },
  },
  create(context) {
    const toRepoPath = (absolute) => path.relative(ROOT, absolute).split(path.sep).join('/');
    const from = layerOf(toRepoPath(context.filename));
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.type === 'Literal' ? node.source.value : null;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const targetPath = toRepoPath(path.resolve(path.dirname(context.filename), source));
      const to = layerOf(targetPath);
      if (!to) return;
      const report = (messageId, data = {}) => context.report({ node: node.source, messageId, data });
      const topDir = targetPath.split('/')[1];
      if (from.layer === 'features') {
        if (to.layer === 'features' && to.feature !== from.feature) report('crossFeature', { from: from.feature, to: to.feature });
        else if (to.layer === 'app') report('featureToApp');
        else if (to.layer === 'server') report('consoleToServer');
      } else if (from.layer === 'shared') {
        if (to.layer === 'features' || to.layer === 'app') report('sharedUp', { from: from.name, to: topDir });
        else if (to.layer === 'server') report('consoleToServer');
      } else if (from.layer === 'app') {
        if (to.layer === 'server') report('consoleToServer');
      } else if (from.layer === 'server') {
        if (to.layer === 'features' || to.layer === 'app' || (to.layer === 'shared' && ['ui', 'session'].includes(to.name))) {
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
  globalIgnores(['dist/', 'dev-dist/', 'node_modules/', '.tmp/', '.data/', 'coverage/', 'playwright-report/',
    'test-results/', 'bench/.out/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { porchlight },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
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
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['@radix-ui/*'], message: 'Only src/ui imports Radix: use or add a component there.' }],
      }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/api/client.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Only src/api/client.ts calls fetch (bearer token, impersonation, 401 handling).' }],
      'no-restricted-properties': ['error',
        ...['window', 'globalThis', 'self'].map((object) => ({ object, property: 'fetch', message: 'Only src/api/client.ts calls fetch.' }))],
    },
  },
  {
    // One QueryClient (STYLE.md); tests get theirs from the same factory.
    files: ['**/*.{ts,tsx}'],
    ignores: ['src/app/query-client.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "NewExpression[callee.name='QueryClient']",
        message: 'Only src/app/query-client.ts creates a QueryClient: import it (or its factory) from there.',
      }],
    },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{js,mjs,ts}', 'bench/**/*.ts', 'e2e/**/*.ts', 'tests/**/*.{ts,tsx}', '*.{js,mjs,ts}'],
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
