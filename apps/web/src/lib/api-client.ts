import { extractErrorMessage } from '@kaunti/contract/error-message';
import type { FieldError } from '@kaunti/contract/errors';

/** A failed API call: the HTTP status, the server's code, and the message to show. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: FieldError[] = [],
    readonly body?: unknown,
  ) {
    super(message);
  }
}

let authorization: string | undefined;

/**
 * How requests are sent: the browser's fetch, or, when a page is rendered on the server
 * (entry-server.tsx), the server's own API called in-process.
 */
let transport: typeof fetch = (input, init) => fetch(input, init);

export function setApiTransport(send: typeof fetch): void {
  transport = send;
}

/** Sets (or clears) the Bearer token sent with every API call. */
export function setAuthToken(token: string | undefined): void {
  authorization = token ? `Bearer ${token}` : undefined;
}

export function hasAuthToken(): boolean {
  return authorization !== undefined;
}

let language: string | undefined;

/**
 * The reader's language, sent as `Accept-Language` with every API call, so that what the server
 * answers in words (reference lists, fee lines, documents) comes in that language.
 */
export function setApiLanguage(next: string | undefined): void {
  language = next;
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * Sends one request with the session's Bearer token and answers the response when it is OK.
 * A failure throws ApiError whose message is taken from the body by the spec's rule
 * (error-message.ts), or the fallback message when there is no answer at all.
 */
async function send(path: string, options: ApiOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = {
    accept,
    ...(language ? { 'accept-language': language } : {}),
    ...options.headers,
  };
  if (authorization) headers.authorization = authorization;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await transport(path, {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      ...(body === undefined ? {} : { body }),
      ...(options.signal ? { signal: options.signal } : {}),
      credentials: 'same-origin',
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', extractErrorMessage(undefined));
  }
  if (!response.ok) {
    const parsed = parseBody(await response.text());
    const record = (parsed ?? {}) as { code?: unknown; details?: unknown };
    throw new ApiError(
      response.status,
      typeof record.code === 'string' ? record.code : 'http_error',
      extractErrorMessage(parsed),
      Array.isArray(record.details) ? (record.details as FieldError[]) : [],
      parsed,
    );
  }
  return response;
}

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/** Calls the portal's API: JSON in and out; a FormData body is sent as multipart. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const response = await send(path, options, 'application/json');
  return parseBody(await response.text()) as T;
}

/** Fetches a file from the API (a PDF, an uploaded image) with the session's token. */
export async function apiBlob(path: string, accept: string, options: ApiOptions = {}): Promise<Blob> {
  const response = await send(path, options, accept);
  return response.blob();
}

/**
 * Reads every page of a paged list (decision 038): asks for the largest page and follows
 * `next_cursor` until it is null, so a page of the app shows the whole list as it did before
 * lists were paged. The items are gathered under `field` (`data`, or the list's own name, e.g. an
 * estate's `waiting`); the first page's other fields (an estate's vacant houses, the revenue
 * office's second-officer rule) are kept. For modest lists: a user's own, an office's work.
 */
export async function apiWholeList<Page extends { next_cursor?: string | null }>(
  path: string,
  field: keyof Page & string,
  options: ApiOptions = {},
): Promise<Page> {
  const joiner = path.includes('?') ? '&' : '?';
  const pagePath = (cursor: string | null) =>
    `${path}${joiner}limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
  const first = await api<Page>(pagePath(null), options);
  const items = [...(first[field] as unknown[])];
  let cursor = first.next_cursor ?? null;
  while (cursor) {
    const page = await api<Page>(pagePath(cursor), options);
    items.push(...(page[field] as unknown[]));
    cursor = page.next_cursor ?? null;
  }
  return { ...first, [field]: items, next_cursor: null };
}

/** Every page of a list whose items are its `data` (apiWholeList). */
export async function apiAllPages<T>(path: string, options: ApiOptions = {}): Promise<{ data: T[] }> {
  const { data } = await apiWholeList<{ data: T[]; next_cursor?: string | null }>(path, 'data', options);
  return { data };
}
