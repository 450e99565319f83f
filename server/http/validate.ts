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

export function check<S extends v.GenericSchema>(schema: S, input: unknown, what = 'request'): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw badRequest(`The ${what} is not valid`, fieldsOf(result.issues));
  return result.output;
}

export async function jsonBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest('The request body must be JSON');
  }
  return check(schema, body, 'request body');
}

export async function formBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  let body: Record<string, unknown>;
  try {
    body = Object.fromEntries(Object.entries(await c.req.parseBody()).map(([k, val]) => [k, typeof val === 'string' ? val : undefined]));
  } catch {
    throw badRequest('The request body must be form-encoded');
  }
  return check(schema, body, 'request body');
}

export function query<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  return check(schema, c.req.query(), 'query');
}

export function params<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  return check(schema, c.req.param(), 'path');
}

/** Common pieces of request schemas. */
export const Id = v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'must be a positive whole number'), v.transform(Number));
export const IdParams = v.object({ id: Id });
const intIn = (min: number, max: number, fallback: number) =>
  v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number), v.minValue(min), v.maxValue(max)), String(fallback));
export const Paging = {
  pageIndex: intIn(0, 1_000_000, 0),
  pageSize: intIn(1, 1000, 10),
};
