// Channels (decisions §11): the embeddable web chat (/widget.js and its public API with live replies) and
// WhatsApp, Messenger and Instagram in (webhooks) and out (Graph API). The adapters in adapters.ts are
// listed by the conversations capability (conversations/channels/index.ts), which delivers every answer.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.js';
import { closeChannelsRuntime } from './channels.runtime.js';
import { receiveJob } from './meta/inbound.service.js';
import { metaWebhookRoutes } from './meta/webhook.routes.js';
import { webChatRoutes } from './web/chat.routes.js';
import { widgetScriptRoute } from './widget/script.route.js';

export const channelsCapability = {
  name: 'channels',
  async routes(api: FastifyInstance, deps: AppDeps) {
    await webChatRoutes(api, deps);
    await metaWebhookRoutes(api, deps);
    // Open event streams would hold the server open: end them before it closes.
    api.addHook('preClose', async () => closeChannelsRuntime(deps));
  },
  /** Outside /api/v1: the embeddable script. */
  rootRoutes: widgetScriptRoute,
  jobs: (deps: AppDeps) => [receiveJob(deps)],
};
