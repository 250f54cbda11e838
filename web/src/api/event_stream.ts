// Server-sent events read with fetch rather than EventSource: a refused stream (a bad move, 429,
// 503) then shows the server's one-line error instead of a silent reconnect loop. Aborting the
// controller closes the connection, which stops the server's work for it.
// A player's `token` goes in the Authorization header (never in the URL), for what only players
// are sent (their chat room).
import { ApiError, authorization, refusalOf } from './http';

export function readEvents(url: string, onEvent: (name: string, data: string) => void,
  onError: (error: ApiError, status: number, retryAfter: number) => void, onEnd?: () => void, token = ''): AbortController {
  const controller = new AbortController();
  (async () => {
    const headers = { Accept: 'text/event-stream', ...authorization(token) };
    const res = await fetch(url, { signal: controller.signal, headers });
    if (!res.ok || !res.body) {
      const body = await res.json().catch(() => ({}));
      onError(refusalOf(body, res.status, `${res.status} ${res.statusText}`), res.status, Number(res.headers.get('Retry-After')) || 0);
      return;
    }
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        onEnd?.();
        return;
      }
      buffer += value;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let name = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) name = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
        }
        if (data.length) onEvent(name, data.join('\n'));
      }
    }
  })().catch((e) => {
    if (!controller.signal.aborted) onError(new ApiError((e as Error).message), 0, 0);
  });
  return controller;
}

export interface Follower {
  onEvent(name: string, data: string, first: boolean): void;  // first: the stream's first event
  onLost(retryIn: number): void;        // the stream dropped; it is tried again in retryIn ms
  onBack(): void;                        // after the first event of a stream that follows a loss
  onRefused(error: ApiError): void;      // the server refused it for good (a 4xx): no retry
}

// A stream followed for as long as the page lives: a dropped connection, a network error or a
// busy server (429, 5xx) is retried after 1, 2, 4, then every 8 s (or the server's Retry-After),
// and a stream that is back says so.
export function followEvents(url: string, f: Follower, token = ''): () => void {
  let wait = 1000, down = false, stopped = false, controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const retry = (after = 0) => {
    if (stopped) return;
    const delay = Math.max(wait, after * 1000);
    wait = Math.min(wait * 2, 8000);
    down = true;
    f.onLost(delay);
    timer = setTimeout(open, delay);
  };
  function open() {
    let first = true;
    controller = readEvents(url, (name, data) => {
      wait = 1000;
      f.onEvent(name, data, first);
      first = false;
      if (down) {
        down = false;
        f.onBack();
      }
    }, (error, status, retryAfter) => {
      if (status >= 400 && status < 500 && status !== 429) f.onRefused(error);
      else retry(retryAfter);
    }, () => retry(), token);
  }
  open();
  // A page being left is no lost connection.
  window.addEventListener('pagehide', () => { stopped = true; });
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
  };
}
