import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

import { filesUnder, sourceOf } from '../setup/source-files.ts';

// Every form of the console shows its errors one way, through the one form hook of src/widgets/form.ts
// (`useForm`, its `FieldErrors` type): each message beside its field, focus on the first, the server's
// refusal of a field at that field and the rest above the form (decision 0113). A second form-error
// hook, a second FieldErrors type, a hand-made focus on the first field in error, or a form that
// does not go through the hook is refused here.

const HOME = 'src/widgets/form.ts';

/** A type of field errors: `Partial<Record<K, string>>`, however it is named. */
const isErrorsRecord = (node: ts.TypeNode | undefined): boolean =>
  !!node &&
  ts.isTypeReferenceNode(node) &&
  node.typeName.getText() === 'Partial' &&
  node.typeArguments?.length === 1 &&
  /^Record<[^,]+,\s*string>$/.test(node.typeArguments[0]?.getText() ?? '');

const isFunctionLike = (node: ts.Node | undefined): boolean =>
  !!node && (ts.isArrowFunction(node) || ts.isFunctionExpression(node));

/** `file:line: what` for each second form-error hook, FieldErrors type or focus-on-error in `code`. */
export function secondFormErrorWays(file: string, code: string): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) =>
    found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);
  const hookName = (name: string) => /^use[A-Z]\w*(Form|Field|Error)/.test(name);
  const visit = (node: ts.Node) => {
    if ((ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node)) && /Errors$/.test(node.name.text))
      at(node, `type ${node.name.text}`);
    else if (ts.isTypeAliasDeclaration(node) && isErrorsRecord(node.type)) at(node, `type ${node.name.text}`);
    if (ts.isFunctionDeclaration(node) && node.name && hookName(node.name.text)) at(node, `hook ${node.name.text}`);
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      hookName(node.name.text) &&
      isFunctionLike(node.initializer)
    )
      at(node, `hook ${node.name.text}`);
    if (
      ts.isCallExpression(node) &&
      /querySelector(All)?$/.test(node.expression.getText()) &&
      node.arguments.some((a) => ts.isStringLiteralLike(a) && a.text.includes('aria-invalid'))
    )
      at(node, 'focus on the field in error');
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const importsFormHook = (file: string, code: string): boolean =>
  [...code.matchAll(/from '([^']+)'/g)].some((m) => {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1] ?? ''));
    return target === HOME;
  });

/** A file that renders a <form> goes through the hook, itself or through a module of its own folder that does. */
export function formsOffTheHook(files: ReadonlyMap<string, string>): string[] {
  return [...files]
    .filter(([file, code]) => file.endsWith('.tsx') && /<form[\s>]/.test(code))
    .filter(([file, code]) => {
      if (importsFormHook(file, code)) return false;
      const local = [...code.matchAll(/from '(\.\/[^']+)'/g)].map((m) =>
        path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1] ?? '')),
      );
      return !local.some((dep) => importsFormHook(dep, files.get(dep) ?? ''));
    })
    .map(([file]) => file);
}

const SOURCES = new Map(filesUnder('src').map((f) => [f, sourceOf(f)]));

describe('one form hook for every form', () => {
  it('finds a second hook, a second FieldErrors type and a hand-made focus, so the checks below can fail', () => {
    const code = [
      'type FieldErrors<K extends string> = Partial<Record<K, string>>;',
      'type Problems = Partial<Record<keyof Form, string>>;',
      'export function useFieldErrors() {}',
      'const useCheckedForm = () => null;',
      'form.current?.querySelector(\'[aria-invalid="true"]\')?.focus();',
      'const useListState = () => null; type Labels = Partial<Record<Role, string>>;',
      'const roles: Partial<Record<Role, number>> = {};',
    ].join('\n');
    expect(secondFormErrorWays('src/features/x.tsx', code)).toEqual([
      'src/features/x.tsx:1: type FieldErrors',
      'src/features/x.tsx:2: type Problems',
      'src/features/x.tsx:3: hook useFieldErrors',
      'src/features/x.tsx:4: hook useCheckedForm',
      'src/features/x.tsx:5: focus on the field in error',
      'src/features/x.tsx:6: type Labels',
    ]);
    const forms = new Map([
      ['src/features/a/on.tsx', "import { useForm } from '../../widgets/form.ts';\n<form ref={form}>"],
      ['src/features/a/via.tsx', "import { useZips } from './zips.ts';\n<form ref={form}>"],
      ['src/features/a/zips.ts', "import { useForm } from '../../widgets/form.ts';"],
      ['src/features/a/off.tsx', 'const [error, setError] = useState();\n<form onSubmit={submit}>'],
    ]);
    expect(formsOffTheHook(forms)).toEqual(['src/features/a/off.tsx']);
  });

  it('no file but src/widgets/form.ts declares a form-error hook, a FieldErrors type or its own focus on an error', () => {
    const found = [...SOURCES]
      .filter(([file]) => file !== HOME)
      .flatMap(([file, code]) => secondFormErrorWays(file, code));
    expect(found, `show a form's errors with useForm and FieldErrors of ${HOME}`).toEqual([]);
  });

  it('every form of the console goes through useForm', () => {
    expect(formsOffTheHook(SOURCES), `take the form's errors from useForm (${HOME})`).toEqual([]);
  });
});
