import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

import { ROLES } from '../../src/access/roles.ts';

// Each role set of spec 1 section 6 is named once in src/access/roles.ts; the server's route policies
// and the event audience import it. An array literal that lists a role by name anywhere under server/
// (the demo seed's people aside: data, not a rule) restates a set and is refused here.
const ROLE_NAMES = new Set<string>(ROLES);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return full.endsWith(path.join('db', 'seed')) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

const unwrap = (node: ts.Node): ts.Node =>
  ts.isAsExpression(node) || ts.isParenthesizedExpression(node) || ts.isSatisfiesExpression(node)
    ? unwrap(node.expression)
    : node;

/** `file:line: [...]` for every array literal in `code` with a role name among its elements. */
export function roleListLiterals(file: string, code: string): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isArrayLiteralExpression(node) &&
      node.elements.some((e) => {
        const inner = unwrap(e);
        return ts.isStringLiteral(inner) && ROLE_NAMES.has(inner.text);
      })
    )
      found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText()}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('role sets are named once, in src/access', () => {
  it('finds a role list written out in a policy, so the check below can fail', () => {
    const code =
      "export const r = route({ policy: ['ADMIN', 'QA_TEAM'] });\nconst x = [...STAFF_ROLES, 'CSR' as const];\n";
    expect(roleListLiterals('server/routes/example.ts', code)).toHaveLength(2);
    expect(
      roleListLiterals('server/routes/example.ts', 'route({ policy: [...STAFF_ROLES, ...AGENT_ROLES] });'),
    ).toEqual([]);
  });

  it('no server file writes a role list: policies and audiences import a named set', () => {
    const found = sourceFiles('server').flatMap((file) => roleListLiterals(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
