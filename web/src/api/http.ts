// The one fetch wrapper of the pages: JSON in and out, the server's one-line error as an
// ApiError, a player's token in the Authorization header, and an Idempotency-Key on every request
// that changes something.

// The server's one-line reason, and the HTTP status it came with (0 for a fault of the page's own).
export class ApiError extends Error {
  constructor(message: string, readonly status = 0) {
    super(message);
  }
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
  if (!res.ok) throw new ApiError(data.error || res.statusText, res.status);
  return data as T;
}

// A file the server draws (an SVG), as text; its one-line error as an ApiError.
export async function getText(path: string): Promise<string> {
  const res = await fetch(path);
  if (!res.ok) throw new ApiError((await res.text()) || res.statusText, res.status);
  return res.text();
}
