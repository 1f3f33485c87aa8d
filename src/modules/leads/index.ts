// Leads: contact details a visitor gives in a conversation. Other capabilities use the service (captureLead
// in their transaction), the contact-detail rules and the schema of a visitor's details; the event
// catalogue uses the Lead schema (lead.captured shows the lead as the API does). The four lead endpoints
// are this capability's routes.
import type { Capability } from '../../core.js';
import { leadRoutes, type LeadsRoutesDeps } from './leads.routes.js';

export {
  LEAD_LIMITS,
  findContactDetails,
  groundedInVisitorText,
  maskContactDetails,
  type ContactDetails,
} from './contact-details.js';
export {
  contactDetailsFromVisitor,
  createLeadsService,
  type LeadOrigin,
  type LeadsDeps,
  type LeadsService,
  EXPORT_BATCH_SIZE,
  exportLeads,
} from './leads.service.js';
export { presentLead } from './leads.presenter.js';
// Named queries other modules' repositories use: leads are read only through these.
export {
  leadContactOfThread,
  leadsToJoin,
  threadsWithLeadEmail,
  threadsWithLeadPhone,
} from './leads.repository.js';
export { LeadSchema, VisitorDetails, type VisitorInput } from './leads.schemas.js';

export const leadsCapability: Capability<LeadsRoutesDeps> = { name: 'leads', routes: leadRoutes };
