// First module of a knowledge worker thread when the service runs from its TypeScript sources (tests,
// `npm run dev`): registers tsx in this thread, then serves the .ts worker module that workerData names.
// On Node 20, loader hooks given on the command line do not reach worker threads. Compiled (dist/), the
// threads load the .js worker modules directly and this file is not used.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { default: handler } = await import(workerData.module);
export default handler;
