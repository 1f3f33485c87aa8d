// The CuratedAnswer resource: fields picked one by one.
import { iso } from '../../../lib/clock.js';
import type { CuratedAnswerRow } from './curated.table.js';

export const presentCuratedAnswer = (row: CuratedAnswerRow) => ({
  id: row.id,
  chatbotId: row.chatbot_id,
  question: row.question,
  alternatives: row.alternatives,
  answer: row.answer,
  fromQuestion: row.from_question,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});
