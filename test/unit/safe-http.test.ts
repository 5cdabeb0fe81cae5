import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addressAllowed, classifyAddress, safePost, urlProblem, type Resolver } from '../../infra/safe-http';
import { startReceiver } from '../../stack/receiver';

/** A development hub (HUB_DEV_WEBHOOK_TARGETS) unless `devTargets` says otherwise. */
const post = (url: string, livemode: boolean, resolver?: Resolver, devTargets = true) =>
  safePost(url, { body: '{}', headers: {}, timeoutMs: 2000, livemode, devTargets, resolver });
const LIVE = { livemode: true, devTargets: true };
const TEST_ON_DEV_HUB = { livemode: false, devTargets: true };
const TEST = { livemode: false, devTargets: false };

describe('webhook SSRF guard', () => {
  it('classifies loopback, private, link-local, CGNAT and metadata addresses', () => {
    for (const ip of [
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      'fd00:ec2::254',
      'fe80::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(classifyAddress(ip)).toBe('forbidden');
    }
    expect(classifyAddress('127.0.0.1')).toBe('loopback');
    expect(classifyAddress('::1')).toBe('loopback');
    expect(classifyAddress('::ffff:127.0.0.1')).toBe('loopback');
    expect(classifyAddress('93.184.216.34')).toBe('allowed');
    expect(classifyAddress('2606:4700::1111')).toBe('allowed');
    // The second argument: may this webhook reach this machine (test mode on a development hub).
    expect(addressAllowed('127.0.0.1', false)).toBe(false);
    expect(addressAllowed('127.0.0.1', true)).toBe(true);
    expect(addressAllowed('169.254.169.254', true)).toBe(false);
  });

  it('refuses http, credentials, IP literals of private ranges and localhost; live never reaches this machine', () => {
    expect(urlProblem('http://example.com/hook', LIVE)).toBe('must use https');
    expect(urlProblem('https://169.254.169.254/latest/meta-data', LIVE)).toMatch(/private/);
    expect(urlProblem('https://10.0.0.5/hook', TEST_ON_DEV_HUB)).toMatch(/private/);
    expect(urlProblem('https://[::1]/hook', LIVE)).toMatch(/private/);
    expect(urlProblem('https://localhost/hook', LIVE)).toMatch(/localhost/);
    expect(urlProblem('ftp://example.com/hook', TEST_ON_DEV_HUB)).toBe('must use https');
    expect(urlProblem('https://user:pw@example.com/hook', LIVE)).toMatch(/credentials/);
    expect(urlProblem(`https://example.com/${'a'.repeat(2048)}`, LIVE)).toMatch(/2048/);
    expect(urlProblem('https://hooks.example.com/in', LIVE)).toBeNull();
    expect(urlProblem('https://hooks.example.com/in', TEST)).toBeNull();
  });

  it('lets sandbox and test webhooks use plain http and this machine only on a development hub', () => {
    expect(urlProblem('http://localhost:3000/hook', TEST_ON_DEV_HUB)).toBeNull();
    expect(urlProblem('http://127.0.0.1:3000/hook', TEST_ON_DEV_HUB)).toBeNull();
    expect(urlProblem('http://hooks.example.com/in', TEST_ON_DEV_HUB)).toBeNull();
    // Without HUB_DEV_WEBHOOK_TARGETS (production never sets it), test mode follows the live rules.
    expect(urlProblem('http://localhost:3000/hook', TEST)).toBe('must use https');
    expect(urlProblem('https://localhost:3000/hook', TEST)).toMatch(/localhost/);
    expect(urlProblem('https://127.0.0.1:3000/hook', TEST)).toMatch(/loopback/);
    expect(urlProblem('http://hooks.example.com/in', TEST)).toBe('must use https');
  });

  it('refuses at connect time a name that resolves to 127.0.0.1 (DNS rebinding), but for test mode on a development hub', async () => {
    const receiver = await startReceiver(() => 204);
    try {
      const port = new URL(receiver.url).port;
      const rebinding: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
      // Passes the URL check (a public-looking name), refused when the socket resolves it.
      expect(urlProblem(`https://rebind.example.com:${port}/hook`, LIVE)).toBeNull();
      expect(await post(`https://rebind.example.com:${port}/hook`, true, rebinding)).toMatchObject({
        status: null,
        error: 'blocked_address',
      });
      expect(await post(`https://localhost:${port}/hook`, true)).toMatchObject({ status: null, error: 'blocked_address' });
      expect(await post(`https://rebind.example.com:${port}/hook`, false, rebinding, false)).toMatchObject({
        status: null,
        error: 'blocked_address',
      });
      expect(receiver.requests).toHaveLength(0);
      // A name mixing public and private answers connects only to an allowed one; here none is, so nothing is sent.
      const mixed: Resolver = async () => [
        { address: '10.0.0.1', family: 4 },
        { address: '169.254.169.254', family: 4 },
      ];
      expect(await post(`http://mixed.example.com:${port}/hook`, false, mixed)).toMatchObject({ error: 'blocked_address' });
      expect(await post(`http://rebind.example.com:${port}/hook`, false, rebinding)).toMatchObject({ status: 204, error: null });
      expect(receiver.requests).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('does not follow redirects and reads at most a small body', async () => {
    let hits = 0;
    const server = createServer((req, res) => {
      hits++;
      if (req.url === '/redirect') res.writeHead(302, { location: '/elsewhere' }).end();
      else res.writeHead(200).end(Buffer.alloc(10 * 1024 * 1024, 'x'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      expect(await post(`http://127.0.0.1:${port}/redirect`, false)).toMatchObject({ status: 302, error: null });
      expect(hits).toBe(1);
      expect(await post(`http://127.0.0.1:${port}/big`, false)).toMatchObject({ status: 200 });
      expect(await post(`http://127.0.0.1:${port}/x`, true)).toMatchObject({ status: null, error: 'insecure_url' });
      expect(await post(`http://127.0.0.1:1/refused`, false)).toMatchObject({ status: null, error: 'connection_refused' });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
