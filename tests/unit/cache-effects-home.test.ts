import { describe, expect, it } from 'vitest';

import { filesUnder, sourceOf } from '../setup/source-files.ts';

// One home per resource: the cache effects of a write (what it invalidates, sets, updates
// optimistically) live with the write in its API module (src/api/<resource>.ts, run by `useWrite`),
// and the console's own machinery in src/app (the live stream, the offline write queue). Screens and
// widgets never touch the query cache: a file elsewhere under src that calls one of these fails here.

const CACHE_WRITES =
  /\.(invalidateQueries|setQueryData|setQueriesData|removeQueries|resetQueries|cancelQueries|refetchQueries)\s*[(<]/g;
/** The layers that may touch the query cache. */
const CACHE_OWNERS = ['src/api/', 'src/app/'];

/** `file: method` for each call of a cache-writing method of the QueryClient in `text`. */
function cacheWritesIn(file: string, text: string): string[] {
  return [...text.matchAll(CACHE_WRITES)].map((m) => `${file}: ${m[1]}`);
}

describe('the cache effects of writes live in src/api', () => {
  it('finds a call of any cache-writing method, however it is written', () => {
    expect(cacheWritesIn('x.ts', 'void client.invalidateQueries({ queryKey: k });')).toEqual([
      'x.ts: invalidateQueries',
    ]);
    expect(cacheWritesIn('x.ts', 'qc.setQueryData<Row>(key, row); qc\n  .removeQueries({ queryKey });')).toEqual([
      'x.ts: setQueryData',
      'x.ts: removeQueries',
    ]);
    expect(cacheWritesIn('x.ts', 'const invalidateQueries = 1; // setQueryData is named in a comment')).toEqual([]);
  });

  it('no file under src/features, src/ui or any layer but src/api and src/app touches the query cache', () => {
    const offenders = filesUnder('src')
      .filter((f) => !CACHE_OWNERS.some((owner) => f.startsWith(owner)))
      .flatMap((f) => cacheWritesIn(f, sourceOf(f)));
    expect(
      offenders,
      'move the cache effect into the write of src/api/<resource>.ts (write(call, effects), run with useWrite)',
    ).toEqual([]);
  });
});
