import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import type { ChangeChannel } from '../db/change-listener';
import type { ApiDeps } from './deps';

/** A comment line every PING_INTERVAL_MS keeps proxies from closing an idle stream. */
export const PING_INTERVAL_MS = 15_000;
/** What EventSource waits before reconnecting. */
const RETRY_MS = 3_000;

export interface EventStream {
  /** One event: `id:`, an optional `event:` name, and `data` as JSON. */
  send(id: string, data: unknown, event?: string): void;
  /** Ends the stream (the subject is over). */
  finish(): void;
}

/**
 * Answers `ctx` with Server-Sent Events (`text/event-stream`) that follow one subject of a change channel: `retry:`,
 * a `: ping` every 15 s, then `read` once at once and again whenever PostgreSQL notifies `channel` with `key` (one read
 * at a time; a notification during a read schedules one more, so the last change always goes out). Subscribes before
 * the first read, so a change between the two is not lost. Ends when the client goes, `read` finishes it, the process
 * shuts down, or a read fails.
 */
export async function serveEventStream(
  ctx: Context,
  deps: Pick<ApiDeps, 'changes' | 'logger'>,
  follow: {
    channel: ChangeChannel;
    key: string;
    read: (stream: EventStream) => Promise<void>;
    what: Record<string, unknown>;
    /** Send what the first read finds, then end (a client that did not ask for a stream). */
    once?: boolean;
  },
): Promise<void> {
  const body = new PassThrough();
  let ended = false;
  let running = false;
  let again = false;
  let unsubscribe = () => {};
  const ping = setInterval(() => body.write(': ping\n\n'), PING_INTERVAL_MS);
  ping.unref();

  const stream: EventStream = {
    send(id, data, event) {
      if (!ended) body.write(`id: ${id}\n${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
    },
    finish() {
      if (ended) return;
      ended = true;
      clearInterval(ping);
      unsubscribe();
      body.end();
    },
  };
  const refresh = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        if (ended) return;
        await follow.read(stream);
      } while (again && !ended);
    } catch (err) {
      deps.logger.warn({ err, ...follow.what }, 'event stream read failed');
      stream.finish();
    } finally {
      running = false;
    }
  };

  ctx.req.socket.setTimeout(0);
  ctx.req.socket.setNoDelay(true);
  ctx.req.on('close', () => stream.finish());
  ctx.status = 200;
  ctx.set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' });
  ctx.body = body;
  body.write(`retry: ${RETRY_MS}\n\n`);
  try {
    unsubscribe = await deps.changes.subscribe(follow.channel, follow.key, {
      changed: () => void refresh(),
      closed: () => stream.finish(),
    });
  } catch (err) {
    stream.finish();
    throw err;
  }
  if (ended) unsubscribe();
  await refresh();
  if (follow.once) stream.finish();
}
