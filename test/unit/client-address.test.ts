import { cidrList, clientAddress, inList } from '../../api/auth/client-address';

describe('client address and allow-lists', () => {
  it('matches IPv4 and IPv6 CIDR blocks, including IPv4-mapped IPv6 peers', () => {
    const list = cidrList(['203.0.113.0/24', '2001:db8::/32', '198.51.100.7']);
    expect(inList(list, '203.0.113.200')).toBe(true);
    expect(inList(list, '::ffff:203.0.113.5')).toBe(true);
    expect(inList(list, '203.0.114.1')).toBe(false);
    expect(inList(list, '2001:db8:1::1')).toBe(true);
    expect(inList(list, '2001:db9::1')).toBe(false);
    expect(inList(list, '198.51.100.7')).toBe(true);
    expect(inList(list, '198.51.100.8')).toBe(false);
  });

  it('refuses entries that are not addresses', () => {
    expect(() => cidrList(['example.com/24'])).toThrow(/example.com/);
    expect(() => cidrList(['10.0.0.0/'])).toThrow(/prefix length/);
    expect(() => cidrList(['10.0.0.0/33'])).toThrow(/prefix length/);
  });

  it('believes X-Forwarded-For only from a trusted proxy, taking the right-most untrusted hop', () => {
    const proxies = cidrList(['10.0.0.0/8']);
    expect(clientAddress('198.51.100.1', '203.0.113.9', proxies)).toBe('198.51.100.1');
    expect(clientAddress('10.0.0.2', '203.0.113.9', proxies)).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.2', '1.1.1.1, 203.0.113.9, 10.0.0.3', proxies)).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.2', '203.0.113.9', undefined)).toBe('10.0.0.2');
  });
});
