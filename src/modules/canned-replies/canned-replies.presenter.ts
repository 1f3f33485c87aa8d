// The CannedReply resource: fields picked one by one.
import { iso } from '../../lib/clock.js';
import type { CannedReplyRow } from './canned-replies.table.js';

export const presentCannedReply = (row: CannedReplyRow) => ({
  id: row.id,
  name: row.name,
  text: row.text,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});
