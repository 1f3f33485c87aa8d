// Leads: captured from conversations (leads.service.ts captureLead) and the four endpoints of the spec.
import { leadRoutes } from './leads.routes.js';

export const leadsCapability = { name: 'leads', routes: leadRoutes };
