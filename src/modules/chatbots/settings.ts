// What a chatbot says and how its web chat looks, as the team sets them: limits and defaults.
export const CHATBOT_LIMITS = {
  name: 100,
  greeting: 500,
  fallbackText: 500,
  botName: 60,
  widgetTitle: 60,
  allowedOrigins: 50,
} as const;

export const WIDGET_POSITIONS = ['bottom-right', 'bottom-left'] as const;
export type WidgetPosition = (typeof WIDGET_POSITIONS)[number];

export interface ChatbotSettings {
  greeting?: string | null;
  fallbackText?: string | null;
  botName?: string | null;
  widget?: { title?: string | null; color?: string | null; position?: WidgetPosition | null };
  allowedOrigins?: string[];
}

/** A text setting as stored: trimmed, null when empty or cleared. */
export const storedText = (value: string | null): string | null =>
  value === null || value.trim() === '' ? null : value.trim();
