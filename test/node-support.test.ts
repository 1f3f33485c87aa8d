// Which Node.js the service supports, and the SQLite module each one gets: `engines` names the supported
// versions and no runtime dependency in the lockfile needs more; the native module picked for the running
// Node.js opens a database and survives statements being finalized by the collector (better-sqlite3 12
// aborts there on Node.js 24.19 and later).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import SQLite, { SQLITE_MODULE } from '../src/db/sqlite-native.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
  engines: { node: string };
  optionalDependencies?: Record<string, string>;
};
const lock = JSON.parse(readFileSync(`${root}package-lock.json`, 'utf8')) as {
  packages: Record<string, { dev?: boolean; devOptional?: boolean; engines?: { node?: string } | string[] }>;
};

describe('Node.js support', () => {
  it('engines names the current LTS lines, and every runtime dependency supports all of them', () => {
    const supported = pkg.engines.node;
    assert.ok(semver.validRange(supported), `engines.node "${supported}" is a range`);
    assert.ok(semver.satisfies('24.11.0', supported), 'Node.js 24, the current LTS');
    assert.ok(semver.satisfies('22.14.0', supported), 'Node.js 22 from 22.14 (Node-API 10)');
    assert.ok(!semver.satisfies('20.19.0', supported), 'Node.js 20 is out of support');
    const needMore: string[] = [];
    let checked = 0;
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (path === '' || entry.dev || entry.devOptional) continue;
      // The SQLite build for Node.js 20 is loaded on Node.js 20 alone (see the next test).
      if (path === 'node_modules/better-sqlite3-node20') continue;
      const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!wanted || !semver.validRange(wanted)) continue;
      checked++;
      if (!semver.subset(supported, wanted))
        needMore.push(`${path.replace(/^.*node_modules\//, '')} wants ${wanted}`);
    }
    assert.ok(checked > 20, `runtime dependencies with engines checked: ${checked}`);
    assert.deepEqual(needMore, [], 'runtime dependencies that need more than engines says');
    assert.ok(pkg.optionalDependencies?.['better-sqlite3-node20'], 'the Node.js 20 build is optional');
  });

  it('loads the SQLite module of this Node.js: 13 from Node-API 10, else the Node.js 20 build', () => {
    const napi = Number(process.versions.napi);
    assert.equal(SQLITE_MODULE, napi >= 10 ? 'better-sqlite3' : 'better-sqlite3-node20');
    const db = new SQLite(':memory:');
    try {
      assert.deepEqual(db.prepare('select sqlite_version() is not null as ok').get(), { ok: 1 });
    } finally {
      db.close();
    }
  });

  it('survives 50,000 statements finalized by the collector between I/O callbacks, as a busy server does', () => {
    const script = `
      const SQLite = require(${JSON.stringify(SQLITE_MODULE)});
      const fs = require('node:fs');
      const db = new SQLite(':memory:');
      let n = 0;
      (function round() {
        for (let i = 0; i < 500; i++) db.prepare('select ' + n++ + ' as n').get();
        const junk = [];
        for (let i = 0; i < 2e4; i++) junk.push({ i, s: 'x' + i });
        if (n < 5e4) fs.stat(${JSON.stringify(`${root}package.json`)}, () => setImmediate(round));
        else process.stdout.write('ok ' + n);
      })();
    `;
    const run = spawnSync(process.execPath, ['-e', script], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
    });
    assert.equal(run.signal, null, `killed by ${run.signal}: ${run.stderr}`);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, 'ok 50000');
  });
});
