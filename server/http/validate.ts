import type { Context } from 'hono';
import * as v from 'valibot';

import { badRequest } from './errors.ts';

function fieldsOf(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Where a route reads its input: the field names each part takes, and the body's encoding. */
export interface RouteInputs {
  query: Set<string>;
  body: Set<string>;
  bodyKind: 'json' | 'form' | undefined;
}

/**
 * The inputs each route has been seen to validate, keyed by "METHOD /route/path" (Hono's route
 * pattern). Recorded once per route and part as requests arrive, so tools that exercise every
 * route (the input fuzz in tests/api/fuzz.test.ts) know the fields without a hand-kept list.
 */
export const ROUTE_INPUTS = new Map<string, RouteInputs>();

/** The field names of an object schema (through pipes and variants); none for other schemas. */
function fieldNames(schema: v.GenericSchema): string[] {
  const s = schema as {
    type?: string;
    entries?: Record<string, unknown>;
    options?: v.GenericSchema[];
    pipe?: v.GenericSchema[];
    wrapped?: v.GenericSchema;
  };
  if (s.entries) return Object.keys(s.entries);
  if (s.options) return s.options.flatMap(fieldNames);
  if (s.wrapped) return fieldNames(s.wrapped);
  if (s.pipe && s.pipe[0] && s.pipe[0] !== schema) return fieldNames(s.pipe[0]);
  return [];
}

function record(c: Context, part: 'query' | 'json' | 'form', schema: v.GenericSchema): void {
  const key = `${c.req.method} ${c.req.routePath}`;
  let inputs = ROUTE_INPUTS.get(key);
  if (!inputs) ROUTE_INPUTS.set(key, (inputs = { query: new Set(), body: new Set(), bodyKind: undefined }));
  if (part === 'query') {
    if (inputs.query.size === 0) for (const f of fieldNames(schema)) inputs.query.add(f);
  } else if (inputs.bodyKind === undefined) {
    inputs.bodyKind = part;
    for (const f of fieldNames(schema)) inputs.body.add(f);
  }
}

/**
 * The dotted path of the first string in `input` holding a NUL character, which PostgreSQL text
 * cannot store (it answers an encoding error, a 5xx, at whatever query first meets it).
 */
export function nulPath(input: unknown, at = ''): string | undefined {
  if (typeof input === 'string') return input.includes('\u0000') ? at || '_' : undefined;
  if (input === null || typeof input !== 'object') return undefined;
  for (const [k, val] of Object.entries(input)) {
    const found = nulPath(val, at ? `${at}.${k}` : k);
    if (found) return found;
  }
  return undefined;
}

export function check<S extends v.GenericSchema>(schema: S, input: unknown, what = 'request'): v.InferOutput<S> {
  const nul = nulPath(input);
  if (nul) throw badRequest(`The ${what} is not valid`, { [nul]: 'must not contain NUL characters' });
  const result = v.safeParse(schema, input);
  if (!result.success) throw badRequest(`The ${what} is not valid`, fieldsOf(result.issues));
  return result.output;
}

export async function jsonBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  record(c, 'json', schema);
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest('The request body must be JSON');
  }
  return check(schema, body, 'request body');
}

export async function formBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  record(c, 'form', schema);
  let body: Record<string, unknown>;
  try {
    body = Object.fromEntries(
      Object.entries(await c.req.parseBody()).map(([k, val]) => [k, typeof val === 'string' ? val : undefined]),
    );
  } catch {
    throw badRequest('The request body must be form-encoded');
  }
  return check(schema, body, 'request body');
}

export function query<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  record(c, 'query', schema);
  return check(schema, c.req.query(), 'query');
}

export function params<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  return check(schema, c.req.param(), 'path');
}

/** Common pieces of request schemas. */
export const Id = v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'must be a positive whole number'), v.transform(Number));
export const IdParams = v.object({ id: Id });
const intIn = (min: number, max: number, fallback: number) =>
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
export const Paging = {
  pageIndex: intIn(0, 1_000_000, 0),
  pageSize: intIn(1, 1000, 10),
};
