import { refusedAddress, refusedUrl } from './address-policy';

describe('refusedAddress', () => {
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])('allows the public address %s', (ip) => {
    expect(refusedAddress(ip, false)).toBeNull();
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fd00::1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
  ])('refuses %s as %s', (ip, name) => {
    expect(refusedAddress(ip, false)).toBe(`${ip} is a ${name} address`);
  });

  it('lets loopback through only when allowed, and nothing else', () => {
    expect(refusedAddress('127.0.0.1', true)).toBeNull();
    expect(refusedAddress('::1', true)).toBeNull();
    expect(refusedAddress('10.0.0.1', true)).not.toBeNull();
    expect(refusedAddress('169.254.169.254', true)).not.toBeNull();
  });
});

describe('refusedUrl', () => {
  it('takes https URLs of names and public addresses', () => {
    expect(refusedUrl('https://hooks.example.com/kpi', false)).toBeNull();
    expect(refusedUrl('https://93.184.216.34/kpi', false)).toBeNull();
  });

  it('refuses plain http unless loopback is allowed', () => {
    expect(refusedUrl('http://hooks.example.com/kpi', false)).toBe('URL must start with https://');
    expect(refusedUrl('http://127.0.0.1:9000/kpi', true)).toBeNull();
  });

  it('refuses literal private and metadata addresses', () => {
    expect(refusedUrl('https://169.254.169.254/latest/meta-data', true)).toBe('URL is not allowed: 169.254.169.254 is a link-local address');
    expect(refusedUrl('https://[::1]/x', false)).toBe('URL is not allowed: ::1 is a loopback address');
  });

  it('refuses credentials in the URL', () => {
    expect(refusedUrl('https://user:pw@hooks.example.com/', false)).toBe('URL must not carry a user name or password');
  });
});
