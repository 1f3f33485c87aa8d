// Analytics: a chatbot's figures over a range of days, read from what conversations and the questions
// report store.
import type { Capability } from '../../core.js';
import { analyticsRoutes, type AnalyticsRoutesDeps } from './analytics.routes.js';

export { createAnalyticsService, type AnalyticsDeps, type AnalyticsService } from './analytics.service.js';

export const analyticsCapability: Capability<AnalyticsRoutesDeps> = {
  name: 'analytics',
  routes: analyticsRoutes,
};
