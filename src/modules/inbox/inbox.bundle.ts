// The built inbox: web/inbox/ bundled by `npm run build` (scripts/build-web.mjs) into dist/web/inbox/ as
// app.js and app.css, and charts.js for the pages that show a chart (see built-file.ts for how they are read and served).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtFile, type BuiltFile } from '../../http/built-file.js';

// src/modules/inbox/ and dist/modules/inbox/ are both three levels below the package.
export const INBOX_BUILD_DIR = fileURLToPath(new URL('../../../dist/web/inbox/', import.meta.url));

export const INBOX_ASSETS = {
  'app.js': 'text/javascript; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
  'charts.js': 'text/javascript; charset=utf-8',
} as const;
export type InboxAssetName = keyof typeof INBOX_ASSETS;

export interface InboxAsset extends BuiltFile {
  contentType: string;
}

export interface InboxBundle {
  /** The built file, or null while it is missing. */
  asset(name: InboxAssetName): InboxAsset | null;
  /** Whether every file of the app is built. */
  complete(): boolean;
  dir: string;
}

export function inboxBundle(dir: string): InboxBundle {
  const files = new Map(
    (Object.keys(INBOX_ASSETS) as InboxAssetName[]).map((name) => [name, builtFile(join(dir, name))]),
  );
  const asset = (name: InboxAssetName): InboxAsset | null => {
    const built = files.get(name)!();
    return built && { ...built, contentType: INBOX_ASSETS[name] };
  };
  return {
    dir,
    asset,
    complete: () => (Object.keys(INBOX_ASSETS) as InboxAssetName[]).every((name) => asset(name) !== null),
  };
}
