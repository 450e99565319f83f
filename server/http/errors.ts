import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

import { processLog, type Logger } from '../observability/logger.ts';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/** The JSON error body every failure answers with: { status, error, message, fields? }. */
export interface ErrorBody {
  status: number;
  error: string;
  message: string;
  fields?: Record<string, string>;
}

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, message, fields);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this resource') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, fields?: Record<string, string>) => new HttpError(409, message, fields);

export function errorBody(status: number, message: string, fields?: Record<string, string>): ErrorBody {
  return { status, error: REASONS[status] ?? 'Error', message, ...(fields ? { fields } : {}) };
}

export function errorResponse(c: Context, err: unknown): Response {
  if (err instanceof HttpError) {
    for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
    return c.json(errorBody(err.status, err.message, err.fields), err.status);
  }
  // Postgres constraint violations are the caller's fault: answer 4xx, never 5xx.
  const code = (err as { code?: unknown } | null)?.code;
  if (code === '23505') return c.json(errorBody(409, 'That record already exists'), 409);
  if (code === '23503' || code === '23514' || code === '22P02' || code === '22003' || code === '22007') {
    return c.json(errorBody(400, 'The request holds a value the server cannot accept'), 400);
  }
  // Once, with its stack, on the request's logger (its request id); the request's own line follows.
  ((c.get('log') as (() => Logger) | undefined)?.() ?? processLog()).error({ err }, 'request failed');
  return c.json(errorBody(500, 'Something went wrong on our side'), 500);
}
