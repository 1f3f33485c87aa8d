// Conversations: the API channel, reads, the chatbot's answers and the team's handover endpoints.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.js';
import { conversationRoutes } from './conversations.routes.js';
import { handoverRoutes } from './handover.routes.js';

export const conversationsCapability = {
  name: 'conversations',
  async routes(api: FastifyInstance, deps: AppDeps) {
    await conversationRoutes(api, deps);
    await handoverRoutes(api, deps);
  },
};
