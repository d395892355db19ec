import type { ErrorCode, ErrorResponse } from '@kpi/contracts';

export const TOKEN_KEY = 'token';
/**
 * contracts' NEXT_CURSOR_HEADER, spelled out here: this module is on the sign-in page's path, and importing the
 * constant from contracts' paging module would bring zod (its schemas' dependency) into that first bundle.
 * api.test.ts holds the two equal.
 */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
const API_BASE = '/api';

export const getToken = (): string | null => localStorage.getItem(TOKEN_KEY);
export const setToken = (token: string): void => localStorage.setItem(TOKEN_KEY, token);
export const clearToken = (): void => localStorage.removeItem(TOKEN_KEY);

/** An error answered by the api (or a network failure, status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | null;
  readonly field: string | null;
  /** True when `message` came from the server rather than a generic fallback. */
  readonly fromServer: boolean;

  constructor(status: number, message: string, options: { code?: ErrorCode | null; field?: string | null; fromServer: boolean }) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = options.code ?? null;
    this.field = options.field ?? null;
    this.fromServer = options.fromServer;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Turns an error response body (ours: `{statusCode,message,code,field}`, or anything else) into an ApiError. */
export function toApiError(status: number, body: unknown): ApiError {
  if (isRecord(body)) {
    const raw = body.message;
    // Nest's stock validation answers with a list of messages: show the first.
    const message = Array.isArray(raw) ? raw.find((m): m is string => typeof m === 'string') : raw;
    if (typeof message === 'string' && message.trim() !== '') {
      const parsed = body as Partial<ErrorResponse>;
      return new ApiError(status, message, {
        code: typeof parsed.code === 'string' ? parsed.code : null,
        field: typeof parsed.field === 'string' ? parsed.field : null,
        fromServer: true,
      });
    }
  }
  return new ApiError(status, `Request failed with status ${status}`, { fromServer: false });
}

/** The message to show for a failed call: the server's own words when it gave some, else the fallback. */
export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.fromServer ? error.message : fallback;

/** True for the 401 that has already ended the session: callers skip their own failure toast. */
export const isUnauthorized = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

let onUnauthorized: () => void = () => {
  window.location.replace('/login');
};
/** The session module decides what a 401 does (clear the session; the route guards go to /login). */
export const setUnauthorizedHandler = (handler: () => void): void => {
  onUnauthorized = handler;
};

export interface RequestOptions {
  /** Do not end the session on a 401 (sign-in, where 401 means wrong credentials). */
  allowUnauthorized?: boolean;
  token?: string | null;
  signal?: AbortSignal;
  /** Extra request headers (a wall screen's pairing secret). */
  headers?: Record<string, string>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function request<T>(method: Method, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  return (await exchange<T>(method, path, body, options)).data;
}

/** One page of a list (docs/paging.md): the body as the server sent it, and the next page's cursor or null. */
export interface Paged<T> {
  body: T;
  next: string | null;
}

async function exchange<T>(method: Method, path: string, body: unknown, options: RequestOptions = {}): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = options.token !== undefined ? options.token : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'Network error', { fromServer: false });
  }

  const text = await response.text();
  let data: unknown = undefined;
  if (text !== '') {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }

  if (!response.ok) {
    const error = toApiError(response.status, data);
    if (response.status === 401 && !options.allowUnauthorized) {
      clearToken();
      onUnauthorized();
    }
    throw error;
  }
  return { data: data as T, headers: response.headers };
}

/** `?key=value&…` of the given values, skipping undefined ones; '' when none remain. */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The one client for the REST api: base `/api`, bearer token from local storage. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  /** A paged list: the body, and the cursor the server put in X-Next-Cursor (absent on the last page). */
  page: async <T>(path: string, options?: RequestOptions): Promise<Paged<T>> => {
    const { data, headers } = await exchange<T>('GET', path, undefined, options);
    return { body: data, next: headers.get(NEXT_CURSOR_HEADER) };
  },
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body ?? {}, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};

/** Encodes one path segment (ids come from the server, but never trust them into a URL raw). */
export const seg = (value: string | number): string => encodeURIComponent(String(value));
