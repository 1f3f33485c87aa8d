// What the web chat's widget tells about its visitor, one row per web conversation (channels/visitor/).
// Every text column came from the visitor's browser: shown as text, never as HTML, never fetched.
declare module '../../../db/database.js' {
  interface Database {
    channel_visitor_contexts: VisitorContextTable;
  }
}

export interface VisitorContextTable {
  thread_id: string;
  chatbot_id: string;
  /** The widget's anonymous id for the browser (kept in its localStorage): the same visitor's conversations. */
  visitor_id: string | null;
  /** The page the chat started on, without its fragment; set once. */
  start_page: string | null;
  start_page_title: string | null;
  /** The page the visitor was last on while the conversation was open. */
  current_page: string | null;
  current_page_title: string | null;
  /** BCP 47 tag (navigator.language). */
  language: string | null;
  /** IANA time zone name. */
  time_zone: string | null;
  /** Read from the User-Agent header of the latest request that told the context. */
  browser: string | null;
  os: string | null;
  /** DeviceKind: desktop, phone or tablet. */
  device: string | null;
  created_at: number;
  updated_at: number;
}
