// The built inbox: web/inbox/ bundled by `npm run build` (scripts/build-web.mjs) into dist/web/inbox/ as
// app.js and app.css. Each file is read from disk the first time it is found, then served from memory; a
// file still missing is looked for again on the next request, so a build made after the start is picked up.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// src/modules/inbox/ and dist/modules/inbox/ are both three levels below the package.
export const INBOX_BUILD_DIR = fileURLToPath(new URL('../../../dist/web/inbox/', import.meta.url));

export const INBOX_ASSETS = {
  'app.js': 'text/javascript; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
} as const;
export type InboxAssetName = keyof typeof INBOX_ASSETS;

export interface InboxAsset {
  body: Buffer;
  contentType: string;
  /** A strong validator of the content, quoted. */
  etag: string;
  /** A short digest of the content, for cache-busting URLs. */
  version: string;
}

export interface InboxBundle {
  /** The built file, or null while it is missing. */
  asset(name: InboxAssetName): InboxAsset | null;
  /** Whether every file of the app is built. */
  complete(): boolean;
  dir: string;
}

export function inboxBundle(dir: string): InboxBundle {
  const loaded = new Map<InboxAssetName, InboxAsset>();
  const asset = (name: InboxAssetName): InboxAsset | null => {
    const known = loaded.get(name);
    if (known) return known;
    let body: Buffer;
    try {
      body = readFileSync(join(dir, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    const version = createHash('sha256').update(body).digest('base64url').slice(0, 16);
    const built = { body, contentType: INBOX_ASSETS[name], etag: `"${version}"`, version };
    loaded.set(name, built);
    return built;
  };
  return {
    dir,
    asset,
    complete: () => (Object.keys(INBOX_ASSETS) as InboxAssetName[]).every((name) => asset(name) !== null),
  };
}
