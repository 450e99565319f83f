import type { MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

import type { AppEnv } from './route.ts';

/** The error codes of RFC 6749 section 5.2 that our token endpoint answers with. */
export type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type';

interface OurError {
  status: number;
  message: string;
  fields?: Record<string, string>;
}

/**
 * Which RFC 6749 code a failure of ours is. Validation failures (fields) name the bad parameter:
 * an unknown grant type, an unknown client, or any other missing or malformed parameter. A 400 without
 * fields is a grant that was refused (wrong password, used or expired code or refresh token). A 429
 * (sign-in throttling) has no code of its own in the RFC: it is a request to come back later.
 */
export function oauthErrorCode(body: OurError, grantType: string): OAuthErrorCode {
  const fields = body.fields ?? {};
  if (body.status === 400 && !body.fields) return 'invalid_grant';
  if ('grant_type' in fields && grantType !== '') return 'unsupported_grant_type';
  if ('client_id' in fields && Object.keys(fields).length === 1) return 'invalid_client';
  return 'invalid_request';
}

const isOurError = (value: unknown): value is OurError =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as OurError).message === 'string' &&
  typeof (value as OurError).status === 'number';

/**
 * Token endpoint failures speak both languages: RFC 6749 `error` (a code) and `error_description`
 * for standard OAuth libraries, and `status`, `message` and `fields` for the console, which reads
 * only `message` and `fields` (src/api/client.ts). Kept apart from the grant handlers so they
 * throw HttpError like every other route.
 */
export const oauthTokenErrors: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.status < 400 || c.res.status >= 500) return;
  const body: unknown = await c.res
    .clone()
    .json()
    .catch(() => null);
  if (!isOurError(body)) return;
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const grantType = typeof form['grant_type'] === 'string' ? form['grant_type'] : '';
  const { status } = c.res;
  const headers = new Headers(c.res.headers);
  headers.delete('Content-Length');
  const answer = { ...body, error: oauthErrorCode(body, grantType), error_description: body.message };
  c.res = undefined; // Hono merges the old headers (Content-Length too) into a replacing response
  c.res = new Response(JSON.stringify(answer), { status: status as ContentfulStatusCode, headers });
};
