import { describe, expect, it } from 'vitest';

import { splitStatements } from '../../server/db/migrate.ts';

describe('splitStatements', () => {
  it('splits at the semicolons that end a line, dropping comment lines', () => {
    expect(splitStatements('create table a (x int);\n-- a comment\ncreate index b on a (x);  -- why\n')).toEqual([
      'create table a (x int)',
      'create index b on a (x)',
    ]);
  });

  it('keeps a $$ body whole', () => {
    const fn = 'create function f() returns int language sql as $$\n  select 1;\n$$;';
    expect(splitStatements(`${fn}\nselect f();`)).toEqual([fn.slice(0, -1), 'select f()']);
  });

  it('keeps a tagged body whole, with the dollar quotes inside it', () => {
    const block = [
      'do $migration$',
      'begin',
      '  execute format($f$',
      '    create function g() returns int language plpgsql as $body$',
      '    begin',
      '      return 1;',
      '    end',
      '    $body$$f$);',
      'end',
      '$migration$;',
    ].join('\n');
    expect(splitStatements(`${block}\ncreate index c on t (g());`)).toEqual([
      block.slice(0, -1),
      'create index c on t (g())',
    ]);
  });
});
