import { redactPath } from '../../infra/redact-path';
import { BALANCER_LOG_FORMAT, balancerConfig, LOGGED_URI_RULE } from '../../stack/haproxy';

describe('redactPath: what every log line writes of a request path', () => {
  it.each([
    ['/console/login/Zm9vYmFyYmF6cXV4', '/console/login/[redacted]'],
    ['/track/bkg_01.k9x.c2lnbmF0dXJl', '/track/[redacted]'],
    ['/track/bkg_01.k9x.c2lnbmF0dXJl/events', '/track/[redacted]/events'],
    ['/receipts/bkg_01.k9x.c2ln', '/receipts/[redacted]'],
    ['/pay/inv_01.k9x.c2ln/payments/pay_9/action', '/pay/[redacted]/payments/pay_9/action'],
    ['//pay/inv_01.k9x.c2ln', '//pay/[redacted]'],
    ['/Track/bkg_01.k9x.c2ln', '/Track/[redacted]'],
  ])('a link token in the path: %s', (path, logged) => {
    expect(redactPath(path)).toBe(logged);
  });

  it('keeps what is not a secret: ids, assets, cursors and filters', () => {
    for (const path of [
      '/api/public/track/bkg_01jd5',
      '/assets/track/app.js',
      '/assets/pay/pay.css',
      '/track/',
      '/api/public/v1/request-logs?key=key_01jd&limit=10',
      '/api/public/v1/bookings?starting_after=bkg_01&status=completed',
    ]) {
      expect(redactPath(path)).toBe(path);
    }
  });

  it('redacts a secret-named query value, and a secret-looking one whatever its name', () => {
    expect(redactPath('/x?a=1&token=t0k&access_token=t1&Code=c0de&sig=s1g&api_key=k3y&client_secret=sh&b=2')).toBe(
      '/x?a=1&token=[redacted]&access_token=[redacted]&Code=[redacted]&sig=[redacted]&api_key=[redacted]&client_secret=[redacted]&b=2',
    );
    expect(redactPath('/x?to%6Ben=t0k')).toBe('/x?to%6Ben=[redacted]');
    expect(redactPath('/x?q=hub_live_0123456789abcdef')).toBe('/x?q=[redacted]');
    expect(redactPath('/pay/inv.1.s?session=abc')).toBe('/pay/[redacted]?session=[redacted]');
    expect(redactPath(`/x?q=${'a'.repeat(3000)}`)).toHaveLength(2049);
  });
});

describe("the balancer's log format", () => {
  const config = balancerConfig({
    host: '127.0.0.1',
    port: 8080,
    servers: [{ name: 'api1', host: '127.0.0.1', port: 8081 }],
    dir: '/tmp/balancer',
    docsBase: 'http://hub.test',
    statsPort: 8082,
  });

  it('logs the URI only as redacted on the request, never the raw request line, path or query', () => {
    expect(config).not.toContain('option httplog');
    const frontend = config.slice(config.indexOf('frontend api'), config.indexOf('frontend stats'));
    expect(frontend).toContain(`  ${LOGGED_URI_RULE}\n`);
    expect(frontend).toContain(`  log-format "${BALANCER_LOG_FORMAT}"\n`);
    expect(BALANCER_LOG_FORMAT).toContain('%[var(txn.logged_uri)]');
    // %r / %{+Q}r (the request line), %HU (URI), %HP / %HPO (path), %HQ (query): none of them.
    expect(BALANCER_LOG_FORMAT).not.toMatch(/%(\{[^}]*\})?(r|HU|HP|HPO|HQ)\b/);
    expect(LOGGED_URI_RULE).toContain('console/+login|track|receipts|pay');
  });
});
