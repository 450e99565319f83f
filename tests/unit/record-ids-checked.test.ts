import { describe, expect, it } from 'vitest';

import { filesUnder, sourceOf } from '../setup/source-files.ts';

// A record screen reads its ids once and checked (`recordId` / `recordIds` of src/lib/record-params.ts) and
// hands a malformed one to the scaffold as the not-found state (src/ui/record-screen.tsx). A screen that
// parses `params` by hand, or turns a bad id into 0, asks the server for record 0: a file under src/features
// doing either fails here.

const HAND_PARSES = /recordId\([^()]*\)\)?\s*\?\?\s*0\b|Number\(\s*params\b/g;

/** `file: text` for each id of the address turned into 0 or parsed by hand in `text`. */
function handParsesIn(file: string, text: string): string[] {
  return [...text.matchAll(HAND_PARSES)].map((m) => `${file}: ${m[0]}`);
}

describe('record screens read their ids checked', () => {
  it('finds an id turned into 0 and a hand parse of the params, however they are written', () => {
    expect(handParsesIn('x.tsx', "const id = recordId(params['id']) ?? 0;")).toEqual([
      "x.tsx: recordId(params['id']) ?? 0",
    ]);
    expect(handParsesIn('x.tsx', "const b = ok ? (recordId(params['id'])\n  ?? 0) : undefined;")).toEqual([
      "x.tsx: recordId(params['id'])\n  ?? 0",
    ]);
    expect(handParsesIn('x.tsx', "const id = Number(params['id']); const n = Number( params.id);")).toEqual([
      'x.tsx: Number(params',
      'x.tsx: Number( params',
    ]);
    expect(
      handParsesIn('x.tsx', "const found = recordId(params['id']); const n = found ?? 0; Number(paramsOf(x));"),
    ).toEqual([]);
  });

  it('no file under src/features turns a malformed id into 0 or parses the params by hand', () => {
    const offenders = filesUnder('src/features').flatMap((f) => handParsesIn(f, sourceOf(f)));
    expect(
      offenders,
      'read the id with recordId/recordIds and pass `found={id !== undefined}` to RecordScreen (src/ui/record-screen.tsx)',
    ).toEqual([]);
  });
});
