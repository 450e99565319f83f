import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The real eslint.config.js, run on small in-memory files placed in the tree (they need not exist).
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function boundaryMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'porchlight/import-boundaries').map((m) => m.message);
}

describe('porchlight/import-boundaries', () => {
  it.each([
    [
      'src/lib/violation.ts',
      "import { sessionStore } from '../session/state.ts';\nexport const s = sessionStore;\n",
      /src\/lib is a shared layer: it must not import src\/session/,
    ],
    [
      'src/api/violation.ts',
      "import { sessionStore } from '../session/state.ts';\nexport const s = sessionStore;\n",
      /src\/api is a shared layer: it must not import src\/session/,
    ],
    [
      'src/access/violation.ts',
      "import { request } from '../api/client.ts';\nexport const r = request;\n",
      /src\/access is a shared layer: it must not import src\/api/,
    ],
    [
      'src/contract/violation.ts',
      "import { request } from '../api/client.ts';\nexport const r = request;\n",
      /src\/contract is a shared layer: it must not import src\/api/,
    ],
    [
      'src/session/violation.ts',
      "import { Button } from '../ui/button.tsx';\nexport const b = Button;\n",
      /src\/session is a shared layer: it must not import src\/ui/,
    ],
    [
      'src/ui/violation.tsx',
      "import { SCREENS } from '../app/screens.tsx';\nexport const s = SCREENS;\n",
      /src\/ui is a shared layer: it must not import src\/app/,
    ],
    [
      'src/ui/violation-api.tsx',
      "import { request } from '../api/client.ts';\nexport const r = request;\n",
      /src\/ui is the design system and holds no data access: it must not import src\/api/,
    ],
    [
      'src/ui/violation-session.tsx',
      "import { sessionStore } from '../session/state.ts';\nexport const s = sessionStore;\n",
      /src\/ui is the design system and holds no data access: it must not import src\/session/,
    ],
    [
      'src/session/violation-widget.ts',
      "import { OFFLINE_NOTICE } from '../widgets/status-line.tsx';\nexport const s = OFFLINE_NOTICE;\n",
      /src\/session is a shared layer: it must not import src\/widgets/,
    ],
    [
      'src/features/dnc/violation.tsx',
      "import { LoginScreen } from '../login/login-screen.tsx';\nexport const l = LoginScreen;\n",
      /A feature never imports another feature/,
    ],
    [
      'server/routes/violation.ts',
      "import { request } from '../../src/api/client.ts';\nexport const r = request;\n",
      /Server code may import only src\/contract, src\/access and src\/lib, not src\/api/,
    ],
    [
      'server/routes/violation-ui.ts',
      "import { sessionStore } from '../../src/session/state.ts';\nexport const s = sessionStore;\n",
      /not src\/session/,
    ],
    [
      'src/lib/violation-server.ts',
      "import { route } from '../../server/http/route.ts';\nexport const r = route;\n",
      /The console must not import server code/,
    ],
  ])('refuses %s importing upwards', async (filePath, code, message) => {
    const messages = await boundaryMessages(filePath, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(message);
  });

  it.each([
    ['src/ui/allowed.tsx', "import { EMAIL_MAX } from '../contract/limits.ts';\nexport const m = EMAIL_MAX;\n"],
    [
      'src/widgets/allowed.tsx',
      "import { sessionStore } from '../session/state.ts';\nimport { Button } from '../ui/button.tsx';\nexport const s = [sessionStore, Button];\n",
    ],
    ['src/session/allowed.ts', "import { request } from '../api/client.ts';\nexport const r = request;\n"],
    ['src/api/allowed.ts', "import { isAgentHost } from '../lib/hosts.ts';\nexport const h = isAgentHost;\n"],
    ['src/features/dnc/allowed.tsx', "import { Button } from '../../ui/button.tsx';\nexport const b = Button;\n"],
    ['server/routes/allowed.ts', "import { ROLES } from '../../src/access/roles.ts';\nexport const r = ROLES;\n"],
  ])('lets %s import a layer below it', async (filePath, code) => {
    expect(await boundaryMessages(filePath, code)).toEqual([]);
  });

  it('refuses an import that closes a cycle, naming the loop', async () => {
    // src/lib/hosts.ts imports ./brand.ts; brand.ts importing hosts.ts back closes the loop.
    const messages = await boundaryMessages(
      'src/lib/brand.ts',
      "import { isAgentHost } from './hosts.ts';\nexport const h = isAgentHost;\n",
    );
    expect(messages).toEqual([
      'Import cycle: src/lib/brand.ts -> src/lib/hosts.ts -> src/lib/brand.ts. Move what both sides need into a module that neither imports.',
    ]);
  });

  it('finds a longer cycle through several modules and across layers', async () => {
    // src/session/state.ts reaches src/lib/brand.ts (through src/api/client.ts); brand.ts importing state.ts would loop.
    const messages = await boundaryMessages(
      'src/lib/brand.ts',
      "import { sessionStore } from '../session/state.ts';\nexport const s = sessionStore;\n",
    );
    expect(messages).toContainEqual(
      expect.stringMatching(
        /^Import cycle: src\/lib\/brand\.ts -> src\/session\/state\.ts -> (\S+ -> )+src\/lib\/brand\.ts\./,
      ),
    );
    expect(messages.some((m) => m.includes('must not import src/session'))).toBe(true);
  });
});
