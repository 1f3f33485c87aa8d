// Chatbots: the chatbots module's table. What else belongs to a chatbot goes with it by the database's
// cascades.
declare module '../../db/database.js' {
  interface Database {
    chatbots: ChatbotTable;
  }
}

export interface ChatbotTable {
  id: string;
  account_id: string;
  name: string;
  created_at: number;
  /** The chatbot's first message to a visitor; null: the widget's own. */
  greeting: string | null;
  /** What it says when it cannot answer; null: the service's own words. */
  fallback_text: string | null;
  /** The name it speaks as in the widget; null: the chatbot's name. */
  bot_name: string | null;
  widget_title: string | null;
  /** #rrggbb */
  widget_color: string | null;
  /** bottom-right or bottom-left */
  widget_position: string | null;
}
