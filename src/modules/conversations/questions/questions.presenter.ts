// The Question resource of the report and the Feedback resource of a rating: fields picked one by one.
import { iso } from '../../../lib/clock.js';
import { maskContactDetails } from '../../leads/index.js';
import type { QuestionGroupRow, Rating } from './questions.table.js';

export const presentQuestion = (row: QuestionGroupRow) => ({
  id: row.question_key,
  // Masked when recorded; again here for records kept from before masking.
  text: maskContactDetails(row.question),
  count: row.count,
  notAnswered: row.not_answered,
  downRated: row.down_rated,
  lastAskedAt: iso(row.last_asked_at),
  curatedAnswerId: row.curated_answer_id,
});

export const presentFeedback = (feedback: { messageId: string; rating: Rating; ratedAt: number }) => ({
  messageId: feedback.messageId,
  rating: feedback.rating,
  ratedAt: iso(feedback.ratedAt),
});
