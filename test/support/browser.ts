// Headless Chromium for the browser tests: Debian's /usr/bin/chromium driven by playwright-core, never a
// downloaded browser. `useChromium(what)` launches one browser for the test file (before/after hooks) and
// says why the tests skip when Chromium is missing; in CI a missing Chromium fails the run instead.
// Also the folder the tests write their screenshots to, and axe-core's source to inject into a page.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';

export const SCREENSHOTS = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
export const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface ChromiumForTests {
  /** The browser of the file's tests; only to be called by a test that did not skip. */
  browser(): Browser;
  /** The reason to skip when Chromium is missing, else false. */
  skip: string | false;
}

export function useChromium(what: string): ChromiumForTests {
  const available = existsSync(CHROMIUM);
  if (!available) {
    if (process.env.CI)
      throw new Error(`${CHROMIUM} is missing: install it with "apt-get install -y chromium"`);
    console.warn(`\n!!! ${CHROMIUM} is missing: ${what} is SKIPPED (apt-get install -y chromium) !!!\n`);
  }
  let launched: Browser | null = null;
  before(async () => {
    if (!available) return;
    launched = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    });
  });
  after(async () => {
    await launched?.close();
  });
  return {
    browser() {
      if (!launched) throw new Error('Chromium is not running');
      return launched;
    },
    skip: available ? false : `${CHROMIUM} is missing`,
  };
}
