import { createServer, type Server } from 'node:http';
import { scrape } from './metrics';

/**
 * A worker process has no API: this tiny server exposes its registry (webhook deliveries, Temporal Core's worker
 * metrics, process metrics) at `/metrics`, and `/healthz` for liveness probes. Nothing else is served.
 */
export async function startMetricsServer(host: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/metrics') {
      scrape().then(
        ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
        () => res.writeHead(500).end(),
      );
    } else if (req.method === 'GET' && path === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
    }
  });
  server.listen(port, host);
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  return server;
}
