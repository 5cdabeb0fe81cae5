import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The lowest port the kernel hands out on its own (`listen(0)`, outgoing connections): 32768 unless configured. */
function ephemeralLow(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}

function listenOn(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as { port: number };
      server.close(() => resolve(bound));
    });
  });
}

const LOWEST = 10_000;

/**
 * A port on 127.0.0.1 that is free now, for a process started later (PostgreSQL, a dev server, the API). It is chosen
 * below the kernel's ephemeral range: the ports that other tests' servers and every outgoing connection get on
 * their own come from that range, so none of them can take this one before our process binds it.
 */
export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  for (let tries = 0; low > LOWEST && tries < 50; tries++) {
    const port = await listenOn(LOWEST + Math.floor(Math.random() * (low - LOWEST)));
    if (port !== null) return port;
  }
  const port = await listenOn(0);
  if (port === null) throw new Error('no free port on 127.0.0.1');
  return port;
}

/** A base port such that `base + offset` is free for every offset (a process group's ports, e.g. a Temporal cluster's). */
export async function freePortBlock(offsets: number[]): Promise<number> {
  const low = ephemeralLow();
  const span = Math.max(...offsets);
  for (let tries = 0; tries < 100; tries++) {
    const base = LOWEST + Math.floor(Math.random() * (low - LOWEST - span));
    const bound = await Promise.all(offsets.map((offset) => listenOn(base + offset)));
    if (bound.every((port) => port !== null)) return base;
  }
  throw new Error(`no block of free ports for offsets ${offsets.join(', ')} on 127.0.0.1`);
}
