// Server-sent events read with fetch rather than EventSource: a refused stream (a bad move, 429,
// 503) then shows the server's one-line error instead of a silent reconnect loop. Aborting the
// controller closes the connection, which stops the server's work for it.
export function readEvents(url: string, onEvent: (name: string, data: string) => void, onError: (message: string, status: number, retryAfter: number) => void): AbortController {
  const controller = new AbortController();
  (async () => {
    const res = await fetch(url, { signal: controller.signal, headers: { Accept: 'text/event-stream' } });
    if (!res.ok || !res.body) {
      const body = await res.json().catch(() => ({}));
      onError(body.error || `${res.status} ${res.statusText}`, res.status, Number(res.headers.get('Retry-After')) || 0);
      return;
    }
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
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
    if (!controller.signal.aborted) onError((e as Error).message, 0, 0);
  });
  return controller;
}
