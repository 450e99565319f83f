import { sql, type RawBuilder } from 'kysely';
import * as v from 'valibot';

// Query pieces shared by the staff console's lists.

/** `sort=key,ASC|DESC` limited to the keys a list offers; the fallback applies when it is absent. */
export function Sort<K extends string>(keys: readonly K[], fallback: `${K},${'ASC' | 'DESC'}`) {
  const pattern = new RegExp(`^(${keys.map((k) => k.replace(/\./g, '\\.')).join('|')}),(ASC|DESC)$`, 'i');
  return v.pipe(
    v.optional(v.string(), fallback),
    v.regex(pattern, `sort must be one of ${keys.join(', ')} followed by ,ASC or ,DESC`),
    v.transform((s) => {
      const [key, dir] = s.split(',') as [string, string];
      return { key: keys.find((k) => k.toLowerCase() === key.toLowerCase()) as K, desc: dir.toUpperCase() === 'DESC' };
    }),
  );
}

const intParam = (min: number, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a whole number'),
      v.transform(Number),
      v.minValue(min),
      v.maxValue(max),
    ),
    String(fallback),
  );
/** Paging with another default page size (interactions 100, dispositions 1000: spec 2 section 9). */
export const pagingWith = (pageSize: number) => ({
  pageIndex: intParam(0, 1_000_000, 0),
  pageSize: intParam(1, 1000, pageSize),
});

export const BoolParam = v.optional(v.picklist(['true', 'false'], 'must be true or false'));
export const TextParam = (max = 100) =>
  v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, `must be at most ${max} characters`)));
export const IdParam = v.optional(
  v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'must be a positive whole number'), v.transform(Number)),
);
/** The notes' body, the contract's (the console's notes form checks the same rule). */
export { NoteBody } from '../../src/contract/note-text.ts';

/** A LIKE pattern that matches `text` literally, with `*` as the user's wildcard. */
export function likeWildcard(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`).replace(/\*/g, '%')}%`;
}
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** `first last` of a users row joined as `alias`, or null. */
export const userNameSql = (alias: string): RawBuilder<string | null> =>
  sql<
    string | null
  >`nullif(trim(concat_ws(' ', ${sql.ref(`${alias}.first_name`)}, ${sql.ref(`${alias}.last_name`)})), '')`;

export interface NoteRow {
  id: number;
  body: string;
  author_user_id: number | null;
  author_name: string | null;
  created_at: Date;
}
export const noteView = (n: NoteRow) => ({
  id: n.id,
  body: n.body,
  author: { id: n.author_user_id, name: n.author_name },
  created: n.created_at.toISOString(),
});

export async function countOf(query: {
  executeTakeFirst(): Promise<{ n: number | string | bigint } | undefined>;
}): Promise<number> {
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}
