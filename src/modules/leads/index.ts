// Leads: captured from conversations (leads.service.ts captureLead) and the four endpoints of the spec.
import { leadRoutes } from './leads.routes.js';

export const leadsCapability = { name: 'leads', routes: leadRoutes };

export { EXPORT_BATCH_SIZE, exportLeads } from './leads.service.js';
export { presentLead } from './present.js';
