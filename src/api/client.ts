import * as v from 'valibot';

import { ErrorBody } from '../contract/common.ts';
import { IMPERSONATION_HEADER } from '../lib/brand.ts';
import { nextTask } from '../lib/next-task.ts';
import { noteWriteSettled, noteWriteStarted } from './write-clock.ts';

/** Where the provider API lives; the same origin unless a build sets VITE_API_BASE. */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** true when the request never reached the server (offline, DNS, reset) or had no answer in time. */
    readonly network = false,
    /** true when a read was given up after READ_TIMEOUT_MS without an answer. */
    readonly timedOut = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A read without an answer (its headers) after this long is given up: the kept copy stays on screen. */
export const READ_TIMEOUT_MS = 4_000;

/**
 * What a 401 means is the session layer's to say: given the token the refused call carried, it
 * renews the session (true: send the call again once, with the renewed token) or ends it (false).
 */
type UnauthorizedHandler = (sentToken: string | undefined) => Promise<boolean>;
let onUnauthorized: UnauthorizedHandler = async () => false;
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** What an authenticated call sends: the bearer token and the user impersonated, if any. */
export interface Credentials {
  accessToken?: string | undefined;
  impersonatedUserId?: number | undefined;
}

let credentials: () => Credentials = () => ({});
/** The session layer owns the tokens; the client asks it on every call (api sits below session). */
export function setCredentialsProvider(provider: () => Credentials): void {
  credentials = provider;
}

export interface RequestOptions<S extends v.GenericSchema | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  json?: unknown;
  form?: Record<string, string>;
  schema?: S;
  /** false for calls made before sign-in (token, invite, reset). */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * false for a write that no answer a screen shows can predate (the sign-in's last-login stamp):
   * the write clock (write-clock.ts) does not hear it, so restored answers keep their age.
   */
  clock?: boolean;
}

type Result<S> = S extends v.GenericSchema ? v.InferOutput<S> : unknown;

/** The one place the console calls fetch: bearer token, impersonation header, errors, parsing. */
export async function request<S extends v.GenericSchema | undefined = undefined>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<Result<S>> {
  return send(path, options, false);
}

async function send<S extends v.GenericSchema | undefined>(
  path: string,
  options: RequestOptions<S>,
  retried: boolean,
): Promise<Result<S>> {
  const { method = 'GET', query, json, form, schema, auth = true, signal, clock = true } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let sentToken: string | undefined;
  if (auth) {
    const { accessToken, impersonatedUserId } = credentials();
    sentToken = accessToken;
    if (accessToken !== undefined) headers['Authorization'] = `Bearer ${accessToken}`;
    if (impersonatedUserId !== undefined) headers[IMPERSONATION_HEADER] = String(impersonatedUserId);
  }
  let body: string | undefined;
  if (form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(form).toString();
  } else if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(json);
  }
  const qs = query
    ? new URLSearchParams(
        Object.entries(query)
          .filter((e): e is [string, string | number | boolean] => e[1] !== undefined && e[1] !== null)
          .map(([k, val]) => [k, String(val)]),
      ).toString()
    : '';
  const url = `${API_BASE}${path}${qs ? `?${qs}` : ''}`;

  // Each call starts in a task of its own: a page that mounts a dozen queries at once would
  // otherwise start every fetch (and the service worker's dispatch of it) in its commit's task.
  await nextTask();
  // A signed-in call other than a read may change data (sign-in, token and analytics calls are
  // made without the session's credentials): the write clock hears when it leaves and lands.
  const write = method !== 'GET' && auth && clock;
  if (write) noteWriteStarted();
  let res: Response;
  let text: string;
  try {
    // A read that has no answer within READ_TIMEOUT_MS is given up (a poor connection, not none): the
    // screen keeps showing the copy it has, and the next attempt may land. Writes are not timed out:
    // one given up on may still apply, and the write queue knows what to do with its own failures.
    const timer = method === 'GET' ? new AbortController() : null;
    const timeout = timer ? setTimeout(() => timer.abort(), READ_TIMEOUT_MS) : undefined;
    const abort = () => timer?.abort();
    if (signal?.aborted) abort();
    signal?.addEventListener('abort', abort);
    try {
      const given = timer?.signal ?? signal;
      res = await fetch(url, {
        method,
        headers,
        ...(body !== undefined ? { body } : {}),
        ...(given ? { signal: given } : {}),
      });
    } catch (err) {
      if (signal?.aborted) throw err; // the caller's own abort (a query cancelled)
      if (timer?.signal.aborted)
        throw new ApiError(0, 'The connection is too slow: no answer in time.', undefined, true, true);
      if ((err as Error).name === 'AbortError') throw err;
      throw new ApiError(0, 'You appear to be offline.', undefined, true);
    } finally {
      clearTimeout(timeout);
      signal?.removeEventListener('abort', abort);
    }
    text = await res.text();
  } finally {
    if (write) noteWriteSettled();
  }
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    // A 401 on an expired access token (a background read after an offline spell) renews the session
    // and sends the call once more; only a renewal the server refuses ends the session. A refused
    // call changed nothing, so a write is sent again as safely as a read.
    if (res.status === 401 && auth && !retried && (await onUnauthorized(sentToken))) return send(path, options, true);
    const parsed = v.safeParse(ErrorBody, data);
    throw new ApiError(
      res.status,
      parsed.success ? parsed.output.message : res.statusText,
      parsed.success ? parsed.output.fields : undefined,
    );
  }
  if (!schema) return data as Result<S>;
  const parsed = v.safeParse(schema, data);
  if (!parsed.success) throw new ApiError(res.status, `Unexpected answer from ${path}`);
  return parsed.output as Result<S>;
}

/** A binary answer (a call recording's audio) with the same credentials and errors as `request`. */
export async function requestBlob(path: string, retried = false): Promise<Blob> {
  const headers: Record<string, string> = {};
  const { accessToken, impersonatedUserId } = credentials();
  if (accessToken !== undefined) headers['Authorization'] = `Bearer ${accessToken}`;
  if (impersonatedUserId !== undefined) headers[IMPERSONATION_HEADER] = String(impersonatedUserId);
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, { headers });
  } catch {
    throw new ApiError(0, 'You appear to be offline.', undefined, true);
  }
  if (!res.ok) {
    if (res.status === 401 && !retried && (await onUnauthorized(accessToken))) return requestBlob(path, true);
    throw new ApiError(res.status, res.statusText);
  }
  return res.blob();
}

/**
 * A streamed answer (the live event stream, GET /events) with the session's credentials. The caller
 * reads the body and cancels it through `signal`. A refusal is an ApiError; a 401 here is not the
 * session's end (the token may have just expired: the caller retries with the renewed one).
 */
export async function requestStream(
  path: string,
  { headers = {}, signal }: { headers?: Record<string, string>; signal: AbortSignal },
): Promise<ReadableStream<Uint8Array>> {
  const sent: Record<string, string> = { ...headers };
  const { accessToken, impersonatedUserId } = credentials();
  if (accessToken !== undefined) sent['Authorization'] = `Bearer ${accessToken}`;
  if (impersonatedUserId !== undefined) sent[IMPERSONATION_HEADER] = String(impersonatedUserId);
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, { headers: sent, signal });
  } catch (err) {
    if (signal.aborted) throw err;
    throw new ApiError(0, 'You appear to be offline.', undefined, true);
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => {});
    throw new ApiError(res.status, res.statusText);
  }
  return res.body;
}
