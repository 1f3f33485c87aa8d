// The Leads endpoints of the spec: list (with the contact filter), get, update, delete.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../../app.js';
import { Envelope, ListEnvelope, Nullable, errors, ok, okPage } from '../../http/envelope.js';
import { PageQuery, readPage } from '../../http/pagination.js';
import { LEAD_LIMITS } from './contact-details.js';
import * as leads from './leads.service.js';
import { LeadSchema, presentLead } from './present.js';

const LeadParams = Type.Object({ chatbotId: Type.String(), leadId: Type.String() });

const nullableText = (maxLength: number, description: string) =>
  Type.Optional(
    Nullable(
      Type.String({
        minLength: 1,
        maxLength,
        description: `${description} At most ${maxLength} characters; null clears it.`,
      }),
    ),
  );

const LeadPatch = Type.Object(
  {
    name: nullableText(LEAD_LIMITS.name, 'Name.'),
    email: nullableText(LEAD_LIMITS.email, 'A valid email address.'),
    phone: nullableText(LEAD_LIMITS.phone, 'Phone number; stored in E.164 when it is a recognisable number.'),
    company: nullableText(LEAD_LIMITS.company, 'Company.'),
    converted: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export async function leadRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/chatbots/:chatbotId/leads',
    {
      config: { permission: 'leads:read' },
      schema: {
        summary: 'List leads',
        description:
          'Newest first (by capturedAt). `contact=true` lists only leads with an email address or phone number.',
        tags: ['Leads'],
        params: Type.Object({ chatbotId: Type.String() }),
        querystring: Type.Object(
          {
            ...PageQuery,
            contact: Type.Optional(
              Type.Enum(['true', 'false'], {
                description: 'true: only leads with an email address or phone number.',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: ListEnvelope(Type.Object({ leads: Type.Array(LeadSchema) })),
          ...errors(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      const { chatbotId } = request.params;
      const withContact = request.query.contact === 'true';
      const list = { list: 'leads', scope: chatbotId, filters: { contact: withContact } };
      const { items, pagination } = await readPage(
        deps.paginator,
        list,
        request.query,
        (page) => leads.listLeads(deps.db, chatbotId, { withContact }, page),
        (row) => ({ at: row.captured_at, id: row.id }),
      );
      return okPage(request, { leads: items.map(presentLead) }, pagination);
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
      const lead = await leads.getLead(deps.db, request.params.chatbotId, request.params.leadId);
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
      const lead = await leads.updateLead(
        deps.db,
        deps.clock,
        request.params.chatbotId,
        request.params.leadId,
        request.body,
      );
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
      await leads.deleteLead(deps.db, request.params.chatbotId, request.params.leadId);
      return ok(request, { id: request.params.leadId, deleted: true as const });
    },
  );
}
