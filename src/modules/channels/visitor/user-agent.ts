// The visitor's browser, operating system and kind of device, read from the User-Agent header of the
// web chat's requests: enough for a person to picture the visitor ("Safari 17 · iOS 17.5 · phone"), not
// device detection. The header is the visitor's to write, so what comes out is untrusted text: only names
// from the lists below and version digits, never the header's own words.
//
// Order matters: Edge, Opera and Samsung Internet also say "Chrome"; Chrome also says "Safari"; Chrome and
// Firefox on iOS say CriOS and FxiOS. Browsers since 2021 freeze the OS version in the header (Windows is
// always "10.0", macOS "10_15_7"), so those versions are not shown.

export type DeviceKind = 'desktop' | 'phone' | 'tablet';

export interface UserAgentSummary {
  browser: string | null;
  os: string | null;
  device: DeviceKind | null;
}

/** A header longer than this is cut before it is read (real ones are a few hundred characters). */
const MAX_LENGTH = 1000;

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\b(?:OPR|OPiOS)\/(\d+)/, 'Opera'],
  [/\bYaBrowser\/(\d+)/, 'Yandex Browser'],
  [/\bVivaldi\/(\d+)/, 'Vivaldi'],
  [/\bFxiOS\/(\d+)/, 'Firefox'],
  [/\bFirefox\/(\d+)/, 'Firefox'],
  [/\bHeadlessChrome\/(\d+)/, 'Headless Chrome'],
  [/\bCriOS\/(\d+)/, 'Chrome'],
  [/\bChrome\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+(?:\.\d+)?).*\bSafari\//, 'Safari'],
];

function browserOf(ua: string): string | null {
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) return `${name} ${match[1]}`;
  }
  return null;
}

const dotted = (version: string) => version.replace(/_/g, '.');

function osOf(ua: string): string | null {
  let match: RegExpExecArray | null;
  if ((match = /\b(?:iPhone|CPU) OS (\d+(?:_\d+)?)/.exec(ua))) return `iOS ${dotted(match[1]!)}`;
  if (/\biPhone\b|\biPad\b|\biPod\b/.test(ua)) return 'iOS';
  if ((match = /\bAndroid (\d+(?:\.\d+)?)/.exec(ua))) return `Android ${match[1]}`;
  if (/\bAndroid\b/.test(ua)) return 'Android';
  if (/\bCrOS\b/.test(ua)) return 'ChromeOS';
  if (/\bWindows Phone\b/.test(ua)) return 'Windows Phone';
  if (/\bWindows\b/.test(ua)) return 'Windows';
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return 'macOS';
  if (/\bUbuntu\b/.test(ua)) return 'Ubuntu';
  if (/\bLinux\b|\bX11\b/.test(ua)) return 'Linux';
  return null;
}

function deviceOf(ua: string, os: string | null): DeviceKind | null {
  if (/\biPad\b|\bTablet\b|\bKindle\b|\bSilk\//.test(ua)) return 'tablet';
  if (/\biPhone\b|\biPod\b|\bWindows Phone\b/.test(ua)) return 'phone';
  // Android phones say "Mobile"; Android tablets do not.
  if (os?.startsWith('Android')) return /\bMobile\b/.test(ua) ? 'phone' : 'tablet';
  if (/\bMobile\b/.test(ua)) return 'phone';
  if (os !== null) return 'desktop';
  return null;
}

/** What the header says; nulls where it says nothing recognisable (a bot, a bare client, no header). */
export function parseUserAgent(header: string | undefined | null): UserAgentSummary {
  if (!header) return { browser: null, os: null, device: null };
  const ua = header.slice(0, MAX_LENGTH);
  const os = osOf(ua);
  return { browser: browserOf(ua), os, device: deviceOf(ua, os) };
}
