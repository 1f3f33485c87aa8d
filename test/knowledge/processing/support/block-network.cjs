// Preloaded with `node --require` (which also runs in every worker_thread): any attempt to reach the
// network throws and is recorded in $NETWORK_LOG, so a test can prove that OCR works fully offline.
// Local IPC sockets (a path, not a host and port) stay allowed: tsx's loader probes one.
/* global process */
'use strict';
const fs = process.getBuiltinModule('node:fs');
const net = process.getBuiltinModule('node:net');
const { isMainThread } = process.getBuiltinModule('node:worker_threads');

const log = process.env.NETWORK_LOG;
const note = (line) => {
  if (log) fs.appendFileSync(log, `${line}\n`);
};
note(`preloaded in ${isMainThread ? 'main thread' : 'worker thread'}`);

function refuse(what) {
  note(`BLOCKED ${what}`);
  throw new Error(`network access is disabled in this test (${what})`);
}

function isIpcPath(args) {
  const [first] = args;
  if (Array.isArray(first)) return isIpcPath(first); // Socket#connect's internal normalised form
  if (typeof first === 'string') return Number.isNaN(Number(first));
  return Boolean(first && typeof first === 'object' && typeof first.path === 'string');
}

function allowIpcOnly(original, what) {
  return function (...args) {
    if (isIpcPath(args)) return original.apply(this, args);
    return refuse(what);
  };
}

net.Socket.prototype.connect = allowIpcOnly(net.Socket.prototype.connect, 'net.Socket.connect');
net.connect = allowIpcOnly(net.connect, 'net.connect');
net.createConnection = allowIpcOnly(net.createConnection, 'net.createConnection');
process.getBuiltinModule('node:tls').connect = () => refuse('tls.connect');
const dns = process.getBuiltinModule('node:dns');
dns.lookup = () => refuse('dns.lookup');
dns.resolve = () => refuse('dns.resolve');
dns.promises.lookup = async () => refuse('dns.promises.lookup');
for (const name of ['node:http', 'node:https']) {
  const mod = process.getBuiltinModule(name);
  mod.request = () => refuse(`${name}.request`);
  mod.get = () => refuse(`${name}.get`);
}
globalThis.fetch = async () => refuse('fetch');
