// Response schema of GET /health.
import { Type } from 'typebox';

export const HealthStatus = Type.Object({ status: Type.Literal('ok'), database: Type.Literal('ok') });
