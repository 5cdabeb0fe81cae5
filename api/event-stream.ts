import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import type { ChangeChannel } from '../db/change-listener';
import type { ApiDeps } from './deps';

/** A comment line every PING_INTERVAL_MS keeps proxies from closing an idle stream. */
export const PING_INTERVAL_MS = 15_000;
/** What EventSource waits before reconnecting. */
const RETRY_MS = 3_000;
/** How often a stream asks whether its caller's credential still stands (a revoked key or ended login: within 60 s). */
export const STANDING_RECHECK_MS = 30_000;

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
 * shuts down, or a read fails, or — asked every 30 s (`deps.streamRecheckMs`) — `stillStands` says the caller's key was
 * revoked or its console login ended: EventSource then reconnects, and the new request is authenticated afresh.
 */
export async function serveEventStream(
  ctx: Context,
  deps: Pick<ApiDeps, 'changes' | 'logger' | 'streamRecheckMs'>,
  follow: {
    channel: ChangeChannel;
    key: string;
    read: (stream: EventStream) => Promise<void>;
    what: Record<string, unknown>;
    /** Send what the first read finds, then end (a client that did not ask for a stream). */
    once?: boolean;
    /** Whether the caller may still follow: asked while the stream runs; false (or a failure) ends it. */
    stillStands?: () => Promise<boolean>;
  },
): Promise<void> {
  const body = new PassThrough();
  let ended = false;
  let running = false;
  let again = false;
  let unsubscribe = () => {};
  const ping = setInterval(() => body.write(': ping\n\n'), PING_INTERVAL_MS);
  ping.unref();
  const { stillStands } = follow;
  const recheck =
    stillStands &&
    setInterval(() => {
      stillStands().then(
        (stands) => stands || stream.finish(),
        () => stream.finish(),
      );
    }, deps.streamRecheckMs ?? STANDING_RECHECK_MS);
  recheck?.unref();

  const stream: EventStream = {
    send(id, data, event) {
      if (!ended) body.write(`id: ${id}\n${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
    },
    finish() {
      if (ended) return;
      ended = true;
      clearInterval(ping);
      clearInterval(recheck);
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
