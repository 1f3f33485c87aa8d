declare module '../db/database.js' {
  interface Database {
    events: EventTable;
  }
}

export interface EventTable {
  /** evt_… */
  id: string;
  account_id: string;
  type: string;
  /** The whole webhook body, frozen when the event happened (JSON). */
  body: string;
  created_at: number;
}
