/** How the benches load the hub and summarise what they saw: latencies in milliseconds, rates per second. */
import { Agent, request } from 'node:http';

// The load comes from node:http on keep-alive connections, not fetch: fetch costs about twice the CPU per request, and
// the load generator shares the machine's two cores with everything it measures.
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** A request answered with a status of 300 or more: the status and the answer's body (problem+json). */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly answer: string,
    request: string,
  ) {
    super(`${request}: ${status}`);
  }
}

/**
 * One request; resolves once the whole answer is read, rejects on a status of 300 or more (HttpStatusError), or when
 * `expect` is given and refuses the answer's body.
 */
export function call(
  method: string,
  url: string,
  body?: string,
  headers: Record<string, string> = {},
  expect?: (answer: string) => boolean,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method,
      agent,
      headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let answer = '';
      if (expect || res.statusCode! >= 300) res.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
      else res.resume();
      res.on('error', reject);
      res.on('end', () => {
        if (res.statusCode! >= 300) reject(new HttpStatusError(res.statusCode!, answer, `${method} ${url}`));
        else if (expect && !expect(answer)) reject(new Error(`${method} ${url}: unexpected answer ${answer}`));
        else resolve();
      });
    });
    req.end(body);
  });
}

/** An access token of the partner API for an OAuth client (client credentials). */
export async function partnerToken(base: string, clientId: string, clientSecret: string): Promise<string> {
  const response = await fetch(`${base}/v1/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  if (!response.ok) throw new Error(`POST /v1/oauth/token: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export interface Run {
  latencies: number[];
  seconds: number;
}

export function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  return { p50: pct(50), p99: pct(99) };
}

/** Rate and percentiles over one or more runs, as if they were one. */
export function summary(runs: Run[]) {
  const latencies = runs.flatMap((r) => r.latencies);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  return { rate: latencies.length / seconds, ...percentiles(latencies) };
}

/** Closed loop: `concurrency` callers, each sending its next request as soon as the last one is answered. */
export async function run(count: number, concurrency: number, one: (i: number) => Promise<void>, first = 0): Promise<Run> {
  const latencies: number[] = [];
  let next = first;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < first + count) {
        const i = next++;
        const t = performance.now();
        await one(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

export async function timed(count: number, concurrency: number, one: (i: number) => Promise<void>) {
  return summary([await run(count, concurrency, one)]);
}

/** Open loop: starts one request every 1/rate seconds whatever the answers, so latency is measured at that load. */
export async function paced(count: number, rate: number, one: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const t = performance.now();
    inFlight.push(one(i).then(() => void latencies.push(performance.now() - t)));
  }
  await Promise.all(inFlight);
  return summary([{ latencies, seconds: (performance.now() - started) / 1000 }]);
}
