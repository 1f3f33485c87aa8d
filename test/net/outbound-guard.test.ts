import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  createOutboundGuard,
  isPublicAddress,
  OutboundBlockedError,
  OutboundResolveError,
  parseAllowHosts,
  type LookupFn,
} from '../../src/net/outbound-guard.js';

/** A resolver that answers from a table and remembers what it was asked. */
function fakeLookup(table: Record<string, string[]>): LookupFn & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    calls.push(hostname);
    const addresses = table[hostname];
    if (addresses === undefined)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(lookup, { calls });
}

function blockedWith(rule: OutboundBlockedError['rule'], reason?: string) {
  return (error: unknown) => {
    assert.ok(error instanceof OutboundBlockedError, `expected OutboundBlockedError, got ${String(error)}`);
    assert.equal(error.rule, rule);
    if (reason !== undefined) assert.equal(error.reason, reason);
    return true;
  };
}

const HTTP_AND_HTTPS = { schemes: ['http:', 'https:'] as const };
const HTTPS_ONLY = { schemes: ['https:'] as const };

describe('isPublicAddress: IPv4', () => {
  const blocked: Record<string, string[]> = {
    '0.0.0.0/8 this network': ['0.0.0.0', '0.1.2.3', '0.255.255.255'],
    '10/8 private': ['10.0.0.0', '10.0.0.1', '10.255.255.255'],
    '100.64/10 carrier-grade NAT': ['100.64.0.0', '100.100.100.100', '100.127.255.255'],
    '127/8 loopback': ['127.0.0.1', '127.0.0.0', '127.255.255.254'],
    '169.254/16 link-local (cloud metadata)': ['169.254.0.0', '169.254.169.254', '169.254.255.255'],
    '172.16/12 private': ['172.16.0.0', '172.20.1.1', '172.31.255.255'],
    '192.0.0/24 IETF protocol assignments': ['192.0.0.0', '192.0.0.170', '192.0.0.255'],
    '192.0.2/24 documentation': ['192.0.2.1'],
    '192.168/16 private': ['192.168.0.0', '192.168.1.1', '192.168.255.255'],
    '198.18/15 benchmarking': ['198.18.0.0', '198.19.255.255'],
    '198.51.100/24 documentation': ['198.51.100.7'],
    '203.0.113/24 documentation': ['203.0.113.9'],
    '224/4 multicast': ['224.0.0.0', '224.0.0.251', '239.255.255.255'],
    '240/4 reserved': ['240.0.0.0', '250.1.2.3', '255.255.255.254'],
    'limited broadcast': ['255.255.255.255'],
  };
  for (const [range, addresses] of Object.entries(blocked)) {
    it(`blocks ${range}`, () => {
      for (const address of addresses) assert.equal(isPublicAddress(address), false, address);
    });
  }

  it('lets global unicast through, right next to the blocked ranges', () => {
    const publicAddresses = [
      '1.1.1.1',
      '8.8.8.8',
      '9.255.255.255', // below 10/8
      '11.0.0.0', // above 10/8
      '100.63.255.255', // below 100.64/10
      '100.128.0.0', // above 100.64/10
      '126.255.255.255',
      '128.0.0.0',
      '169.253.255.255',
      '169.255.0.0',
      '172.15.255.255', // below 172.16/12
      '172.32.0.0', // above 172.16/12
      '192.0.1.0',
      '192.167.255.255',
      '192.169.0.0',
      '198.17.255.255',
      '198.20.0.0',
      '223.255.255.255', // below multicast
    ];
    for (const address of publicAddresses) assert.equal(isPublicAddress(address), true, address);
  });

  it('reads odd IPv4 spellings as the address they mean', () => {
    for (const spelling of [
      '2130706433',
      '0x7f.1',
      '0177.0.0.1',
      '127.1',
      '0x7f000001',
      '0x7F.0.0.1',
      '127.0.0.1.',
    ]) {
      assert.equal(isPublicAddress(spelling), false, spelling);
    }
    // The same spellings of a public address stay public: the normaliser reads, it does not just refuse.
    for (const spelling of ['134744072', '0x08080808', '010.010.010.010', '8.8.2056']) {
      assert.equal(isPublicAddress(spelling), true, spelling);
    }
  });

  it('treats anything that is not an IP address as not public', () => {
    for (const value of [
      '',
      'example.com',
      '256.0.0.1',
      '1.2.3.4.5',
      '0x1g.0.0.1',
      '4294967296',
      'fe80::1%eth0',
    ]) {
      assert.equal(isPublicAddress(value), false, value);
    }
  });
});

describe('isPublicAddress: IPv6', () => {
  const blocked: Record<string, string[]> = {
    'unspecified ::': ['::', '[::]'],
    'loopback ::1': ['::1', '[::1]', '0:0:0:0:0:0:0:1'],
    'fc00::/7 unique local': ['fc00::1', 'fd12:3456:789a::1', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
    'fe80::/10 link-local': ['fe80::1', 'febf:ffff::1'],
    'fec0::/10 deprecated site-local': ['fec0::1'],
    'ff00::/8 multicast': ['ff02::1', 'ff0e::1', 'ff05::1:3'],
    '2001:db8::/32 documentation': ['2001:db8::1', '2001:db8:ffff::1'],
    '3fff::/20 documentation': ['3fff::1'],
    '2001::/32 Teredo': ['2001::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    '2001::/23 other IETF assignments': ['2001:2::1', '2001:20::1'],
    '100::/64 discard-only': ['100::1'],
    'IPv4-mapped blocked IPv4': [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '[::ffff:127.0.0.1]',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:192.168.1.1',
    ],
    'IPv4-compatible (deprecated)': ['::127.0.0.1', '::7f00:1', '::10.0.0.1', '::8.8.8.8'],
    'IPv4-translated': ['::ffff:0:7f00:1', '::ffff:0:8.8.8.8'],
    'NAT64 64:ff9b::/96 of blocked IPv4': [
      '64:ff9b::7f00:1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::10.0.0.1',
      '64:ff9b::a9fe:a9fe',
    ],
    'NAT64 local-use 64:ff9b:1::/48': ['64:ff9b:1::a00:1', '64:ff9b:1::808:808'],
    '6to4 2002::/16 of blocked IPv4': [
      '2002:7f00:1::1',
      '2002:a00:1::1',
      '2002:a9fe:a9fe::1',
      '2002:c0a8:101::1',
    ],
    'outside 2000::/3': ['4000::1', '1fff::1', 'e000::1'],
  };
  for (const [range, addresses] of Object.entries(blocked)) {
    it(`blocks ${range}`, () => {
      for (const address of addresses) assert.equal(isPublicAddress(address), false, address);
    });
  }

  it('lets global unicast through, including forms that reach a public IPv4 address', () => {
    const publicAddresses = [
      '2606:4700:4700::1111',
      '2001:4860:4860::8888',
      '[2001:4860:4860::8888]',
      '2a00:1450:4001:80b::200e',
      '::ffff:8.8.8.8',
      '::ffff:808:808',
      '64:ff9b::8.8.8.8',
      '2002:808:808::1',
      '2001:200::1', // just above 2001::/23
    ];
    for (const address of publicAddresses) assert.equal(isPublicAddress(address), true, address);
  });
});

describe('checkUrl', () => {
  const guard = createOutboundGuard({ allowHosts: [] });

  it('accepts a public https address and returns it parsed', () => {
    const url = guard.checkUrl('https://Example.COM/path?q=1', HTTPS_ONLY);
    assert.equal(url.hostname, 'example.com');
    assert.equal(url.pathname, '/path');
  });

  it('accepts a public IP literal', () => {
    assert.equal(guard.checkUrl('http://8.8.8.8/', HTTP_AND_HTTPS).hostname, '8.8.8.8');
    assert.equal(
      guard.checkUrl('https://[2001:4860:4860::8888]/', HTTPS_ONLY).hostname,
      '[2001:4860:4860::8888]',
    );
  });

  it('refuses what is not a URL', () => {
    for (const raw of ['not a url', '', 'http://', '//example.com/', 'http://1.2.3.4.5/']) {
      assert.throws(
        () => guard.checkUrl(raw, HTTP_AND_HTTPS),
        blockedWith('invalid_url', 'not a valid address'),
        raw,
      );
    }
  });

  it('refuses schemes that are not allowed, naming the accepted ones', () => {
    assert.throws(
      () => guard.checkUrl('http://example.com/', HTTPS_ONLY),
      blockedWith('scheme', 'only https addresses are accepted'),
    );
    for (const raw of [
      'ftp://example.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'gopher://example.com/',
    ]) {
      assert.throws(
        () => guard.checkUrl(raw, HTTP_AND_HTTPS),
        blockedWith('scheme', 'only http and https addresses are accepted'),
        raw,
      );
    }
  });

  it('refuses credentials in the URL, a user name alone included', () => {
    for (const raw of [
      'https://user:secret@example.com/',
      'https://user@example.com/',
      'https://:secret@example.com/',
    ]) {
      assert.throws(
        () => guard.checkUrl(raw, HTTPS_ONLY),
        blockedWith('credentials', 'credentials in URL are not allowed'),
        raw,
      );
    }
  });

  it('refuses private IP literals in every spelling', () => {
    const privateUrls = [
      'http://127.0.0.1/',
      'http://127.0.0.1:8080/admin',
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://0.0.0.0/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://0177.0.0.1/',
      'http://127.1/',
      'http://0x7f000001/',
      'http://[::1]/',
      'http://[::]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://[64:ff9b::7f00:1]/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
    ];
    for (const raw of privateUrls) {
      assert.throws(
        () => guard.checkUrl(raw, HTTP_AND_HTTPS),
        blockedWith('private_address', 'address points at a private network'),
        raw,
      );
    }
  });

  it('does not resolve host names (that is resolve())', () => {
    const lookup = fakeLookup({ localhost: ['127.0.0.1'] });
    const lazyGuard = createOutboundGuard({ allowHosts: [], lookup });
    assert.equal(lazyGuard.checkUrl('https://localhost/', HTTPS_ONLY).hostname, 'localhost');
    assert.deepEqual(lookup.calls, []);
  });

  it('lets allow-listed private literals through, matched after normalisation', () => {
    const allowing = createOutboundGuard({ allowHosts: ['127.0.0.1', '10.0.0.0/8', 'fd00::/8'] });
    for (const raw of [
      'http://127.0.0.1:3000/',
      'http://0x7f.1/',
      'http://[::ffff:127.0.0.1]/',
      'http://10.20.30.40/',
      'http://[fd00::5]/',
    ]) {
      assert.equal(allowing.checkUrl(raw, HTTP_AND_HTTPS).protocol, 'http:', raw);
    }
    for (const raw of ['http://127.0.0.2/', 'http://192.168.0.1/', 'http://[fc00::1]/', 'http://[::1]/']) {
      assert.throws(() => allowing.checkUrl(raw, HTTP_AND_HTTPS), blockedWith('private_address'), raw);
    }
  });

  it('still refuses credentials and wrong schemes for allowed hosts', () => {
    const allowing = createOutboundGuard({ allowHosts: ['127.0.0.1'] });
    assert.throws(
      () => allowing.checkUrl('http://a:b@127.0.0.1/', HTTP_AND_HTTPS),
      blockedWith('credentials'),
    );
    assert.throws(() => allowing.checkUrl('http://127.0.0.1/', HTTPS_ONLY), blockedWith('scheme'));
  });
});

describe('resolve', () => {
  it('blocks localhost through the system resolver', async () => {
    const guard = createOutboundGuard({ allowHosts: [] });
    await assert.rejects(
      guard.resolve('localhost'),
      blockedWith('private_address', 'address resolves to a private network'),
    );
  });

  it('returns every address of a public name', async () => {
    const lookup = fakeLookup({ 'example.test': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'] });
    const guard = createOutboundGuard({ allowHosts: [], lookup });
    assert.deepEqual(await guard.resolve('Example.Test.'), [
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
    ]);
    assert.deepEqual(lookup.calls, ['example.test']);
  });

  it('blocks a name when ANY of its addresses is private', async () => {
    const lookup = fakeLookup({
      'mixed.test': ['93.184.216.34', '10.0.0.5'],
      'mapped.test': ['::ffff:10.0.0.5'],
      'v6.test': ['2606:4700:4700::1111', 'fd00::1'],
    });
    const guard = createOutboundGuard({ allowHosts: [], lookup });
    for (const name of ['mixed.test', 'mapped.test', 'v6.test']) {
      await assert.rejects(
        guard.resolve(name),
        blockedWith('private_address', 'address resolves to a private network'),
        name,
      );
    }
  });

  it('reports a name that does not resolve as a resolve error, not as blocked', async () => {
    const guard = createOutboundGuard({ allowHosts: [], lookup: fakeLookup({ 'empty.test': [] }) });
    await assert.rejects(guard.resolve('missing.test'), (error: unknown) => {
      assert.ok(error instanceof OutboundResolveError);
      assert.ok(!(error instanceof OutboundBlockedError));
      assert.equal(error.code, 'ENOTFOUND');
      assert.match(error.reason, /missing\.test could not be resolved/);
      return true;
    });
    await assert.rejects(guard.resolve('empty.test'), OutboundResolveError);
  });

  it('checks IP literals and odd spellings without asking DNS', async () => {
    const lookup = fakeLookup({});
    const guard = createOutboundGuard({ allowHosts: [], lookup });
    assert.deepEqual(await guard.resolve('8.8.8.8'), [{ address: '8.8.8.8', family: 4 }]);
    assert.deepEqual(await guard.resolve('134744072'), [{ address: '8.8.8.8', family: 4 }]);
    assert.deepEqual(await guard.resolve('[2001:4860:4860::8888]'), [
      { address: '2001:4860:4860::8888', family: 6 },
    ]);
    for (const host of [
      '127.0.0.1',
      '127.1',
      '0x7f.1',
      '0177.0.0.1',
      '2130706433',
      '[::1]',
      '::ffff:7f00:1',
    ]) {
      await assert.rejects(guard.resolve(host), blockedWith('private_address'), host);
    }
    assert.deepEqual(lookup.calls, []);
  });

  it('refuses malformed host names before they reach a resolver', async () => {
    const lookup = fakeLookup({});
    const guard = createOutboundGuard({ allowHosts: [], lookup });
    for (const host of [
      '',
      'bad host',
      '1.2.3.4.5',
      '256.1.1.1',
      'a..b',
      '-x.test',
      `${'a'.repeat(64)}.test`,
    ]) {
      await assert.rejects(
        guard.resolve(host),
        blockedWith('invalid_host', 'not a valid host name'),
        JSON.stringify(host),
      );
    }
    assert.deepEqual(lookup.calls, []);
  });

  it('allows a private address for an allow-listed host name, case-insensitively', async () => {
    const lookup = fakeLookup({
      'receiver.test': ['127.0.0.1'],
      'other.test': ['127.0.0.1'],
      'sub.receiver.test': ['127.0.0.1'],
    });
    const guard = createOutboundGuard({ allowHosts: ['Receiver.Test'], lookup });
    assert.deepEqual(await guard.resolve('RECEIVER.test'), [{ address: '127.0.0.1', family: 4 }]);
    await assert.rejects(guard.resolve('other.test'), blockedWith('private_address'));
    // Exact names only: a subdomain is another host.
    await assert.rejects(guard.resolve('sub.receiver.test'), blockedWith('private_address'));
  });

  it('allows a private address covered by an allow-listed IP or CIDR range', async () => {
    const lookup = fakeLookup({
      'one.test': ['127.0.0.1'],
      'two.test': ['127.0.0.2'],
      'lan.test': ['10.1.2.3', '10.200.0.1'],
      'ula.test': ['fd00::7'],
      'other-ula.test': ['fc00::7'],
    });
    const guard = createOutboundGuard({ allowHosts: ['127.0.0.1', '10.0.0.0/8', 'fd00::/8'], lookup });
    assert.equal((await guard.resolve('one.test')).length, 1);
    assert.equal((await guard.resolve('lan.test')).length, 2);
    assert.equal((await guard.resolve('ula.test')).length, 1);
    await assert.rejects(guard.resolve('two.test'), blockedWith('private_address'));
    await assert.rejects(guard.resolve('other-ula.test'), blockedWith('private_address'));
  });
});

describe('isAllowed', () => {
  const guard = createOutboundGuard({
    allowHosts: ['receiver.test', '192.168.1.10', '10.0.0.0/8', '2001:db8::/32'],
  });

  it('matches host names exactly and case-insensitively', () => {
    assert.equal(guard.isAllowed('receiver.test', '192.168.99.99'), true);
    assert.equal(guard.isAllowed('RECEIVER.TEST.', '192.168.99.99'), true);
    assert.equal(guard.isAllowed('x.receiver.test', '192.168.99.99'), false);
    assert.equal(guard.isAllowed('receiver.test.evil', '192.168.99.99'), false);
  });

  it('matches IP addresses and CIDR ranges, v4 and v6', () => {
    assert.equal(guard.isAllowed('any.test', '192.168.1.10'), true);
    assert.equal(guard.isAllowed('any.test', '192.168.1.11'), false);
    assert.equal(guard.isAllowed('any.test', '10.255.255.255'), true);
    assert.equal(guard.isAllowed('any.test', '11.0.0.0'), false);
    assert.equal(guard.isAllowed('any.test', '2001:db8:1::1'), true);
    assert.equal(guard.isAllowed('any.test', '2001:db9::1'), false);
    assert.equal(guard.isAllowed('any.test', '::ffff:10.1.1.1'), true);
    assert.equal(guard.isAllowed('10.2.3.4'), true);
  });
});

describe('parseAllowHosts', () => {
  it('reads a comma list, ignoring blanks and spaces', () => {
    assert.deepEqual(parseAllowHosts(undefined), []);
    assert.deepEqual(parseAllowHosts(''), []);
    assert.deepEqual(
      parseAllowHosts(' receiver.test , 127.0.0.1,,10.0.0.0/8, ::1 ,fd00::/8,[::1], localhost '),
      ['receiver.test', '127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', '[::1]', 'localhost'],
    );
  });

  it('names the bad entry', () => {
    for (const bad of [
      'http://receiver.test',
      '10.0.0.0/33',
      'fd00::/129',
      '10.0.0.0/x',
      'bad host',
      '-bad.test',
      '1.2.3.4.5',
      '300.1.1.1',
      'a/b',
    ]) {
      assert.throws(
        () => parseAllowHosts(`receiver.test,${bad}`),
        (error: unknown) => error instanceof Error && error.message.includes(`"${bad}"`),
        bad,
      );
    }
  });

  it('is enforced by createOutboundGuard too', () => {
    assert.throws(() => createOutboundGuard({ allowHosts: ['10.0.0.0/99'] }), /"10\.0\.0\.0\/99"/);
  });
});
