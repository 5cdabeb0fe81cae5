import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy that can go silent the way a vanished host does: `freeze()` stops forwarding in both directions and
 * never closes a socket, so neither end sees a FIN or a RST; connections opened afterwards are accepted and left
 * unanswered. The proxy's own kernel still acknowledges TCP keepalive probes, so only an application-level silence
 * (no query, no answer) tells the far end that its peer is gone.
 */
export async function startFreezableProxy(target: { host: string; port: number }, port = 0) {
  const sockets: Socket[] = [];
  const pairs: [Socket, Socket][] = [];
  let frozen = false;
  const keep = (socket: Socket) => {
    socket.on('error', () => undefined);
    sockets.push(socket);
    return socket;
  };
  const server = createServer((client) => {
    keep(client);
    if (frozen) return void client.pause();
    const upstream = keep(connect(target.port, target.host));
    client.pipe(upstream);
    upstream.pipe(client);
    pairs.push([client, upstream]);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    freeze() {
      frozen = true;
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
