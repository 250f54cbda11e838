// The one fetch wrapper of the pages: JSON in and out, the server's one-line error as an
// ApiError, a player's token in the Authorization header, and an Idempotency-Key on every request
// that changes something.

import type { RefusalParams } from '../model/error_words';

// The server's one-line reason, the HTTP status it came with (0 for a fault of the page's own),
// and its code and params, by which the pages say it in the reader's language.
export class ApiError extends Error {
  constructor(message: string, readonly status = 0, readonly code = '', readonly params: RefusalParams = {}) {
    super(message);
  }
}

// A refusal's JSON body ({error, code, params}) as an ApiError; `fallback` when it has no words.
export function refusalOf(body: unknown, status: number, fallback: string): ApiError {
  const b = (body && typeof body === 'object' ? body : {}) as { error?: unknown; code?: unknown; params?: unknown };
  const params = b.params && typeof b.params === 'object' ? b.params as RefusalParams : {};
  return new ApiError(typeof b.error === 'string' && b.error ? b.error : fallback, status,
    typeof b.code === 'string' ? b.code : '', params);
}

// A fresh Idempotency-Key for each POST, PUT or DELETE: a request sent again (a retry, a double
// click that got through) is answered as the first was and acts once (docs/api.md). Random bytes
// rather than crypto.randomUUID(), which a page served over plain HTTP lacks; 32 characters, more
// than the 16 the server asks of a key sent without a session or a seat's token (a sign-up).
function idempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

// A player's token goes only in the Authorization header: never in a URL (logs, history,
// Referer) and never in a body.
export function authorization(token?: string): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export async function call<T>(method: Method, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = authorization(token);
  if (body) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') headers['Idempotency-Key'] = idempotencyKey();
  const res = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const data = await res.json();
  if (!res.ok) throw refusalOf(data, res.status, res.statusText);
  return data as T;
}

// A file the server draws (an SVG), as text; its one-line error as an ApiError.
export async function getText(path: string): Promise<string> {
  const res = await fetch(path);
  if (!res.ok) throw refusalOf(await res.json().catch(() => ({})), res.status, res.statusText);
  return res.text();
}
