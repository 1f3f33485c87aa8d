// The native SQLite module for the Node.js that runs the process. better-sqlite3 13 is a Node-API 10 module
// (Node.js 22.14 and later, the current LTS included); on older Node.js it crashes the process as it loads.
// better-sqlite3 12 works on Node.js 20 but aborts on Node.js 24.19 and later when the collector finalizes a
// statement. Both are installed (12 under the alias better-sqlite3-node20, an optional dependency) and the
// Node-API version of the running Node.js picks one: the same API, the same database files.
import type BetterSqlite3 from 'better-sqlite3';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const SQLITE_MODULE = Number(process.versions.napi) >= 10 ? 'better-sqlite3' : 'better-sqlite3-node20';

function load(): typeof BetterSqlite3 {
  try {
    return require(SQLITE_MODULE) as typeof BetterSqlite3;
  } catch (error) {
    if (SQLITE_MODULE === 'better-sqlite3') throw error;
    throw new Error(
      `SQLite on Node.js ${process.version} needs the optional dependency better-sqlite3-node20, which is not installed or did not build ` +
        '(run `npm install` with a C++ compiler at hand), or Node.js 22.14 or later',
      { cause: error },
    );
  }
}

const SQLite = load();
export default SQLite;
