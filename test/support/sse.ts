/** A minimal Server-Sent Events client over fetch, for tests: read events one by one, then close. */
export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
}

export async function openSse(url: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  const comments: string[] = [];

  async function next(): Promise<SseEvent | null> {
    for (;;) {
      const cut = buffer.indexOf('\n\n');
      if (cut >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event: SseEvent = { data: '' };
        let hasData = false;
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) comments.push(line);
          else if (line.startsWith('id: ')) event.id = line.slice(4);
          else if (line.startsWith('event: ')) event.event = line.slice(7);
          else if (line.startsWith('data: ')) {
            event.data += (hasData ? '\n' : '') + line.slice(6);
            hasData = true;
          }
        }
        if (hasData) return event;
        continue;
      }
      if (done || !reader) return null;
      const chunk = await reader.read();
      if (chunk.done) done = true;
      else buffer += decoder.decode(chunk.value, { stream: true });
    }
  }

  return {
    response,
    status: response.status,
    comments,
    next,
    async json<T = Record<string, unknown>>(): Promise<{ id?: string; body: T } | null> {
      const e = await next();
      return e ? { id: e.id, body: JSON.parse(e.data) as T } : null;
    },
    close() {
      abort.abort();
    },
  };
}
