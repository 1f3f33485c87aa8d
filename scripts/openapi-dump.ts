// Prints the OpenAPI document the service serves (built in-process on a throw-away SQLite database).
import { buildTestApp } from '../test/support/app.js';

const t = await buildTestApp('sqlite');
const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
process.stdout.write(res.body);
await t.close();
