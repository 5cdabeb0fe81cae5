import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A partner's webhook receiver: a real local HTTP server answering `status()` with `headers()` and `body()` and recording
 * every request.
 */
export async function startReceiver(
  status: () => number = () => 200,
  headers: () => Record<string, string | string[]> = () => ({}),
  body: () => Buffer | string | undefined = () => undefined,
) {
  const requests: ReceivedRequest[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      res.writeHead(status(), headers()).end(body());
      waiters.splice(0).forEach((w) => w());
    });
  });
  // Connections open at once, counted here at the receiver: what a partner's server would see.
  const connections = { open: 0, most: 0 };
  server.on('connection', (socket) => {
    connections.most = Math.max(connections.most, ++connections.open);
    socket.on('close', () => connections.open--);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    requests,
    /** The most connections that were open at once. */
    mostConnections: () => connections.most,
    /** Resolves once `count` requests have arrived. */
    async waitFor(count: number, timeoutMs = 20_000): Promise<ReceivedRequest[]> {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        if (Date.now() > deadline) throw new Error(`receiver got ${requests.length} of ${count} requests`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections(); // kept-alive senders' sockets would hold close() open
      }),
  };
}
