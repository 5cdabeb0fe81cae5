import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parse } from 'yaml';
import { createApp } from '../../api/app';
import type { ApiDeps } from '../../api/deps';
import { PROBLEMS } from '../../api/errors';
import { createBooking, CreateBookingRequest, type CreateBookingBody } from '../../api/partner/create-booking';
import { VEHICLE_CLASSES } from '../../domain/pricing';
import { buildOpenApiDocument, openApiJson } from '../../api/openapi';
import { OPERATIONS } from '../../api/operations';
import { createLogger } from '../../infra/logger';

const ROOT = join(__dirname, '..', '..');
type Doc = { paths: Record<string, Record<string, { operationId: string }>> };

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument() as Doc;

  it('is committed up to date in docs/openapi.json', () => {
    const committed = readFileSync(join(ROOT, 'docs', 'openapi.json'), 'utf8');
    if (committed !== openApiJson()) throw new Error('docs/openapi.json is out of date: run `npm run openapi` and commit it.');
  });

  it.each(OPERATIONS.map((op) => [op.operationId, op] as const))('describes %s at its path and method', (_, op) => {
    expect(document.paths[op.path.replace(/:(\w+)/g, '{$1}')]?.[op.method]?.operationId).toBe(op.operationId);
  });

  it('never puts additionalProperties: false beside a $ref, where it would forbid every field of the referenced schema', () => {
    const found: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (!node || typeof node !== 'object') return;
      const record = node as Record<string, unknown>;
      if ('$ref' in record && record.additionalProperties === false) found.push(path);
      for (const [key, value] of Object.entries(record)) walk(value, `${path}/${key}`);
    };
    walk(document, '');
    expect(found).toEqual([]);
  });

  it('has unique operation ids', () => {
    const ids = Object.values(document.paths).flatMap((item) => Object.values(item).map((operation) => operation.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has request examples that the operations accept', () => {
    // The createBooking example has a fixed pickup time; validate it as of the day before.
    const pickup = Date.parse((createBooking.request!.bodyExample as { pickup: { datetime: string } }).pickup.datetime);
    const now = jest.spyOn(Date, 'now').mockReturnValue(pickup - 24 * 3600_000);
    try {
      for (const op of OPERATIONS) {
        const example = op.request?.bodyExample;
        if (example === undefined) continue;
        expect({ op: op.operationId, issues: op.request?.body?.safeParse(example).error?.issues }).toEqual({
          op: op.operationId,
          issues: undefined,
        });
      }
    } finally {
      now.mockRestore();
    }
  });

  it("states each vehicle class's seats and luggage as the operations check them (if/then per class)", () => {
    type Limits = { if: { properties: { vehicle_class: { const: string } } }; then: { properties: Record<string, unknown> } };
    const schemas = (document as unknown as { components: { schemas: Record<string, { allOf?: Limits[] }> } }).components.schemas;
    const stated = (schema: string, carried: (then: Limits['then']) => Record<string, { maximum: number }>) =>
      Object.fromEntries(
        (schemas[schema].allOf ?? [])
          .filter((rule) => rule.if)
          .map((rule) => [
            rule.if.properties.vehicle_class.const,
            Object.fromEntries(Object.entries(carried(rule.then)).map(([k, v]) => [k, v.maximum])),
          ]),
      );
    const limits = Object.entries(VEHICLE_CLASSES);
    expect(
      stated(
        'CreateBookingRequest',
        (then) => (then.properties.passenger as { properties: Record<string, { maximum: number }> }).properties,
      ),
    ).toEqual(Object.fromEntries(limits.map(([name, spec]) => [name, { pax: spec.maxPassengers, luggage: spec.maxLuggage }])));
    expect(stated('PublicQuoteRequest', (then) => then.properties as Record<string, { maximum: number }>)).toEqual(
      Object.fromEntries(limits.map(([name, spec]) => [name, { pax: spec.maxPassengers }])),
    );
    // …and the operation accepts what the document allows and refuses one more, whichever class.
    const example = createBooking.request!.bodyExample as CreateBookingBody;
    const now = jest.spyOn(Date, 'now').mockReturnValue(Date.parse(example.pickup.datetime) - 24 * 3600_000);
    try {
      for (const [name, spec] of limits) {
        const body = (pax: number, luggage: number) => ({
          ...example,
          vehicle_class: name,
          passenger: { ...example.passenger, pax, luggage },
        });
        expect(CreateBookingRequest.safeParse(body(spec.maxPassengers, spec.maxLuggage)).success).toBe(true);
        expect(new Set(CreateBookingRequest.safeParse(body(spec.maxPassengers + 1, 0)).error?.issues.map((i) => i.path.join('.')))).toEqual(
          new Set(['passenger.pax']),
        );
        expect(new Set(CreateBookingRequest.safeParse(body(1, spec.maxLuggage + 1)).error?.issues.map((i) => i.path.join('.')))).toEqual(
          new Set(['passenger.luggage']),
        );
      }
    } finally {
      now.mockRestore();
    }
  });

  it('passes the Redocly linter (recommended rules)', () => {
    const lint = spawnSync(process.execPath, [join(ROOT, 'scripts', 'lint-openapi.mjs')], { encoding: 'utf8' });
    expect({ status: lint.status, problems: lint.stderr }).toEqual({ status: 0, problems: '' });
  });

  it('has a section in docs/errors.md for every problem code', () => {
    const headings = readFileSync(join(ROOT, 'docs', 'errors.md'), 'utf8').match(/^## \w+$/gm) ?? [];
    expect(headings.map((h) => h.slice(3)).sort()).toEqual(Object.keys(PROBLEMS).sort());
  });
});

describe('documentation routes', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    // createApp only captures its dependencies; the docs routes use none but the logger (the codec server is off, and no shutdown drains).
    const deps = {
      logger: createLogger('silent'),
      publicBaseUrl: 'http://hub.test',
      codecServer: {},
      lifecycle: { draining: false },
    } as unknown as ApiDeps;
    server = createServer(createApp(deps).callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each([
    ['/openapi.json', 'application/json'],
    ['/openapi.yaml', 'application/yaml'],
    ['/docs', 'text/html'],
    ['/docs/assets/swagger-ui-bundle.js', 'javascript'],
    ['/docs/assets/swagger-ui.css', 'text/css'],
    ['/docs/errors', 'text/html'],
    ['/docs/errors.md', 'text/markdown'],
  ])('GET %s answers 200 %s', async (path, type) => {
    const response = await fetch(base + path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain(type);
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
    expect((await response.text()).length).toBeGreaterThan(100);
  });

  it('serves the same document as JSON and YAML', async () => {
    const document = buildOpenApiDocument();
    expect(await (await fetch(`${base}/openapi.json`)).json()).toEqual(document);
    expect(parse(await (await fetch(`${base}/openapi.yaml`)).text())).toEqual(document);
  });

  it('serves the error reference as HTML with an anchor for every problem code, and as markdown on request', async () => {
    const html = await (await fetch(`${base}/docs/errors`)).text();
    const ids = [...html.matchAll(/<h2 id="(\w+)">/g)].map((m) => m[1]);
    expect(ids.sort()).toEqual(Object.keys(PROBLEMS).sort());
    expect(html).toContain('<table>');
    const markdown = await fetch(`${base}/docs/errors`, { headers: { accept: 'text/markdown' } });
    expect(markdown.headers.get('content-type')).toContain('text/markdown');
    expect(await markdown.text()).toBe(readFileSync(join(ROOT, 'docs', 'errors.md'), 'utf8'));
  });

  it('serves Swagger UI from local assets only', async () => {
    const html = await (await fetch(`${base}/docs`)).text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.every((s) => s.startsWith('/docs/assets/'))).toBe(true);
  });

  it('runs no inline script: a strict CSP on /docs (its start-up a file of ours) and on the error reference', async () => {
    const docs = await fetch(`${base}/docs`);
    const csp = docs.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await docs.text();
    expect(
      [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].every(([, attrs, body]) => /src=/.test(attrs!) && !body!.trim()),
    ).toBe(true);
    const init = await fetch(`${base}/docs/assets/swagger-init.js`);
    expect(init.headers.get('content-type')).toContain('javascript');
    expect(await init.text()).toContain("url: '/openapi.json'");

    const errors = await fetch(`${base}/docs/errors`);
    const errorsCsp = errors.headers.get('content-security-policy')!;
    const style = /<style>([\s\S]*?)<\/style>/.exec(await errors.text())![1]!;
    expect(errorsCsp).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(errorsCsp).not.toContain('script-src');
  });

  it('sends HSTS only when the public address is https', async () => {
    expect((await fetch(`${base}/docs`)).headers.get('strict-transport-security')).toBeNull();
    const deps = {
      logger: createLogger('silent'),
      publicBaseUrl: 'https://hub.example.com',
      codecServer: {},
      lifecycle: { draining: false },
    };
    const https = createServer(createApp(deps as unknown as ApiDeps).callback());
    await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve));
    try {
      const answer = await fetch(`http://127.0.0.1:${(https.address() as AddressInfo).port}/openapi.json`);
      expect(answer.headers.get('strict-transport-security')).toBe('max-age=31536000');
    } finally {
      await new Promise<void>((resolve) => https.close(() => resolve()));
    }
  });

  it('answers 404 problem+json for files of swagger-ui-dist that are not served', async () => {
    const response = await fetch(`${base}/docs/assets/index.html`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });
});
