// The Leads endpoints of the spec: list (with the contact filter), get, update, delete.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Core } from '../../core.js';
import { principalOf } from '../../http/auth.js';
import { ChatbotParams, Envelope, ListEnvelope, errors, ok } from '../../http/envelope.js';
import { listPage } from '../../http/pagination.js';
import { presentLead } from './leads.presenter.js';
import { LeadListQuery, LeadParams, LeadPatch, LeadSchema } from './leads.schemas.js';
import type { LeadsService } from './leads.service.js';

export interface LeadsRoutesDeps extends Pick<Core, 'paginator'> {
  leads: LeadsService;
}

export async function leadRoutes(fastify: FastifyInstance, { leads, paginator }: LeadsRoutesDeps) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/chatbots/:chatbotId/leads',
    {
      config: { permission: 'leads:read' },
      schema: {
        summary: 'List leads',
        description:
          'Newest first (by capturedAt). `contact=true` lists only leads with an email address or phone number; `q` only those whose name, email, phone or company contains the text (case aside); `threadId` only the lead of that conversation. The filters combine.',
        tags: ['Leads'],
        params: ChatbotParams,
        querystring: LeadListQuery,
        response: {
          200: ListEnvelope(Type.Object({ leads: Type.Array(LeadSchema) })),
          ...errors(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      const { chatbotId } = request.params;
      const filters = {
        withContact: request.query.contact === 'true',
        search: request.query.q?.trim() || undefined,
        threadId: request.query.threadId,
      };
      return listPage(request, paginator, {
        list: 'leads',
        scope: chatbotId,
        filters: { contact: filters.withContact, q: filters.search, threadId: filters.threadId },
        fetch: (page) => leads.listLeads(principalOf(request).accountId, chatbotId, filters, page),
        keyOf: (row) => ({ at: row.captured_at, id: row.id }),
        present: (items) => ({ leads: items.map(presentLead) }),
      });
    },
  );

  app.get(
    '/chatbots/:chatbotId/leads/:leadId',
    {
      config: { permission: 'leads:read' },
      schema: {
        summary: 'Get a lead',
        tags: ['Leads'],
        params: LeadParams,
        response: { 200: Envelope(Type.Object({ lead: LeadSchema })), ...errors(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { chatbotId, leadId } = request.params;
      const lead = await leads.getLead(principalOf(request).accountId, chatbotId, leadId);
      return ok(request, { lead: presentLead(lead) });
    },
  );

  app.patch(
    '/chatbots/:chatbotId/leads/:leadId',
    {
      config: { permission: 'leads:write' },
      schema: {
        summary: 'Update a lead',
        description: 'Only sent fields change; null clears a contact field.',
        tags: ['Leads'],
        params: LeadParams,
        body: LeadPatch,
        response: {
          200: Envelope(Type.Object({ lead: LeadSchema })),
          ...errors(400, 401, 403, 404, 415, 429),
        },
      },
    },
    async (request) => {
      const { chatbotId, leadId } = request.params;
      const lead = await leads.updateLead(principalOf(request).accountId, chatbotId, leadId, request.body);
      return ok(request, { lead: presentLead(lead) });
    },
  );

  app.delete(
    '/chatbots/:chatbotId/leads/:leadId',
    {
      config: { permission: 'leads:delete' },
      schema: {
        summary: 'Delete a lead',
        description:
          "Removes the lead's data for good; the conversation it came from and its messages are kept.",
        tags: ['Leads'],
        params: LeadParams,
        response: {
          200: Envelope(Type.Object({ id: Type.String(), deleted: Type.Literal(true) })),
          ...errors(401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      await leads.deleteLead(principalOf(request).accountId, request.params.chatbotId, request.params.leadId);
      return ok(request, { id: request.params.leadId, deleted: true as const });
    },
  );
}
