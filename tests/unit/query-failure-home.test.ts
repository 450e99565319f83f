import ts from 'typescript';
import { describe, expect, it } from 'vitest';

import { filesUnder, sourceOf } from '../setup/source-files.ts';

// A query that fails to load says so one way: `QueryFailure` of src/ui/query-failure.tsx ("<Thing> could
// not be loaded.", or the spec's own words, with Retry). Load-failure words written in markup anywhere
// else, or in a string that does not go to QueryFailure, are refused here; the few strings that are not
// a query's failure shown as a state are listed with why.

const HOME = 'src/ui/query-failure.tsx';
const LOAD_FAILURE = /could not be loaded|couldn't be loaded|could not load|failed to load/i;

/** Strings with load-failure words that are not a query's failure state, and why. */
const NOT_A_STATE: Record<string, string> = {
  'src/ui/record-screen.tsx': "the record scaffold's default text, which it hands to QueryFailure",
  'src/app/lazy-with-retry.tsx': "a screen's code that failed to download, not a query",
  'src/features/lender-overview/lender-overview-screen.tsx': 'LOAD_FAILED, the text it hands to QueryFailure',
  'src/features/my-admins/my-admins-screen.tsx': "the list scaffold's error text (a table's own state)",
  'src/features/supplier-management/supplier-view-screen.tsx': "a table's empty state when its rows failed",
  'src/features/agent-assignments/agent-assignments-screen.tsx': "the fallback of the server's own words",
};

/** Inside an attribute of a <QueryFailure> element, or the `failure` a <RecordScreen> hands to QueryFailure. */
function inQueryFailure(node: ts.Node): boolean {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isJsxAttribute(n)) {
      const element = n.parent.parent;
      if (!ts.isJsxSelfClosingElement(element) && !ts.isJsxOpeningElement(element)) return false;
      const tag = element.tagName.getText();
      return tag === 'QueryFailure' || (tag === 'RecordScreen' && n.name.getText() === 'failure');
    }
  }
  return false;
}

/** `file:line: text` for each load failure worded by hand in `code`. */
export function handWordedFailures(file: string, code: string): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const at = (node: ts.Node) =>
    found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText().trim()}`);
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && LOAD_FAILURE.test(node.getText())) at(node);
    else if (
      (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node)) &&
      LOAD_FAILURE.test(node.getText()) &&
      !inQueryFailure(node) &&
      !(file in NOT_A_STATE)
    )
      at(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('load failures are QueryFailure', () => {
  it('finds a load failure worded in markup or a string, so the check below can fail', () => {
    const code = [
      'const a = <p role="alert">The agents could not be loaded.</p>;',
      "const b = <DataTable empty={q.isError ? 'The rows could not be loaded.' : 'None.'} />;",
      'const c = <QueryFailure text={`The funnel could not be loaded. ${e.message}`} />;',
      'const d = <QueryFailure thing="The agents" />;',
    ].join('\n');
    expect(handWordedFailures('src/features/x.tsx', code)).toEqual([
      'src/features/x.tsx:1: The agents could not be loaded.',
      "src/features/x.tsx:2: 'The rows could not be loaded.'",
    ]);
  });

  it('no screen or widget words a load failure itself: it renders QueryFailure', () => {
    const found = filesUnder('src')
      .filter((f) => f !== HOME)
      .flatMap((f) => handWordedFailures(f, sourceOf(f)));
    expect(found, `render <QueryFailure thing="The x" retry={query.refetch} /> (${HOME})`).toEqual([]);
  });
});
