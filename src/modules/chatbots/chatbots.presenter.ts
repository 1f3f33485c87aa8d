// The chatbot as the API shows it: fields picked one by one.
import { iso } from '../../lib/clock.js';
import type { ChatbotView } from './chatbots.service.js';
import { WIDGET_POSITIONS, type WidgetPosition } from './settings.js';

const positionOf = (value: string | null): WidgetPosition | null =>
  (WIDGET_POSITIONS as readonly string[]).includes(value ?? '') ? (value as WidgetPosition) : null;

export const presentChatbot = (row: ChatbotView) => ({
  id: row.id,
  name: row.name,
  greeting: row.greeting,
  fallbackText: row.fallback_text,
  botName: row.bot_name,
  widget: { title: row.widget_title, color: row.widget_color, position: positionOf(row.widget_position) },
  allowedOrigins: row.allowed_origins,
  createdAt: iso(row.created_at),
});
