// The User-Agent reading behind the team's "browser, device, OS" of a web chat visitor, over real headers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseUserAgent } from '../../src/modules/channels/visitor/user-agent.js';

const CASES: [string, string, { browser: string | null; os: string | null; device: string | null }][] = [
  [
    'Chrome on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    { browser: 'Chrome 126', os: 'Windows', device: 'desktop' },
  ],
  [
    'Safari on an iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    { browser: 'Safari 17.5', os: 'iOS 17.5', device: 'phone' },
  ],
  [
    'Firefox on Linux',
    'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
    { browser: 'Firefox 127', os: 'Ubuntu', device: 'desktop' },
  ],
  [
    'Firefox on Linux (no distribution)',
    'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    { browser: 'Firefox 128', os: 'Linux', device: 'desktop' },
  ],
  [
    'Edge on Windows (it also says Chrome)',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 Edg/125.0.2535.92',
    { browser: 'Edge 125', os: 'Windows', device: 'desktop' },
  ],
  [
    'Samsung Internet on an Android tablet (no "Mobile")',
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Safari/537.36',
    { browser: 'Samsung Internet 25', os: 'Android 13', device: 'tablet' },
  ],
  [
    'Chrome on an Android phone',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36',
    { browser: 'Chrome 126', os: 'Android 14', device: 'phone' },
  ],
  [
    'Chrome on an iPad (CriOS)',
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
    { browser: 'Chrome 126', os: 'iOS 17.5', device: 'tablet' },
  ],
  [
    'Safari on a Mac',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
    { browser: 'Safari 17.4', os: 'macOS', device: 'desktop' },
  ],
  [
    'Opera on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/110.0.0.0',
    { browser: 'Opera 110', os: 'Windows', device: 'desktop' },
  ],
];

describe('reading the User-Agent header', () => {
  for (const [name, header, expected] of CASES) {
    it(name, () => assert.deepEqual(parseUserAgent(header), expected));
  }

  it('says nothing of a missing, blank or unknown header, and shows none of its words', () => {
    const none = { browser: null, os: null, device: null };
    assert.deepEqual(parseUserAgent(undefined), none);
    assert.deepEqual(parseUserAgent(''), none);
    assert.deepEqual(parseUserAgent('curl/8.5.0'), none);
    const hostile = parseUserAgent('<img src=x onerror=alert(1)> Chrome/9<script>');
    assert.deepEqual(hostile, { browser: 'Chrome 9', os: null, device: null });
  });

  it('reads only the first 1000 characters of a huge header', () => {
    const started = Date.now();
    const result = parseUserAgent(`${'Mozilla/5.0 '.repeat(100_000)} Firefox/127.0`);
    assert.equal(result.browser, null);
    assert.ok(Date.now() - started < 500);
  });
});
