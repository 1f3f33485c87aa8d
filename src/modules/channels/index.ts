// Channels: the embeddable web chat (/widget.js and its public API with live replies) and
// WhatsApp, Messenger and Instagram in (webhooks) and out (Graph API).
//
// Visitors' messages go to the conversations capability's service; answers and replies come back through
// the conversations capability's channel-delivery port, which this capability implements
// (`createChannelAdapters`) and the composition root plugs in. The CLI sets channels up with the origins
// and connections services.
import type { Capability } from '../../core.js';
import { receiveJob } from './channels.jobs.js';
import type { ChannelsRuntime } from './channels.runtime.js';
import type { InboundService } from './meta/inbound.service.js';
import { metaWebhookRoutes, type MetaRoutesDeps } from './meta/meta.routes.js';
import { channelStateRoutes, type ChannelsRoutesDeps } from './channels.routes.js';
import { visitorRoutes, type VisitorRoutesDeps } from './visitor/visitor.routes.js';
import { webChatRoutes, type WebChatRoutesDeps } from './web/chat.routes.js';
import { widgetScriptRoute } from './widget/script.route.js';

export { createChannelAdapters } from './channels.delivery.js';
export { ChannelsError } from './channels.errors.js';
export { createChannelsRuntime, type ChannelsRuntime } from './channels.runtime.js';
export { PROVIDERS, type Provider } from './channels.table.js';
export { createConnectionsService, type ConnectionsService } from './meta/connections.service.js';
export { createInboundService, type InboundService } from './meta/inbound.service.js';
export { createVisitorsService, type VisitorsService } from './visitor/visitor.service.js';
export { createWebChatService, type WebChatService } from './web/chat.service.js';
export { createOriginsService, originsPort, type OriginsService } from './web/origins.service.js';

export type ChannelsDeps = WebChatRoutesDeps &
  VisitorRoutesDeps &
  MetaRoutesDeps &
  ChannelsRoutesDeps & { runtime: ChannelsRuntime; inbound: InboundService };

export const channelsCapability: Capability<ChannelsDeps> = {
  name: 'channels',
  async routes(api, deps) {
    await webChatRoutes(api, deps);
    await visitorRoutes(api, deps);
    await metaWebhookRoutes(api, deps);
    await channelStateRoutes(api, deps);
    // Open event streams would hold the server open: end them before it closes.
    api.addHook('preClose', async () => deps.runtime.endStreams());
  },
  /** Outside /api/v1: the embeddable script. */
  rootRoutes: widgetScriptRoute,
  jobs: (deps) => [receiveJob(deps)],
  retention: (deps) => [
    {
      name: 'channel_visitor_tokens',
      removeBatch: (now, limit) => deps.webChat.removeIdleVisitorTokens(now, limit),
    },
  ],
};
