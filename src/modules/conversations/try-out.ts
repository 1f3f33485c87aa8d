// Trying the chatbot as a visitor would, from the console: the same small talk, the same requests for a
// person and the same engine as a conversation, but nothing is stored. No conversation, message, lead,
// question of the report, analytics figure or event comes of it, so the team's inbox, the report and
// webhooks never see a test. The earlier turns come from the caller, for follow-ups.
import type { AnswerEngine, AnswerGrounds, EngineName } from './answer-port.js';
import { escalationForVisitorMessage } from './handover-rules.js';
import { composeReply } from './replies.js';
import { isYes, offersAPerson, ownReply } from './visitor-words.js';

export interface TryOutTurn {
  role: 'user' | 'assistant';
  text: string;
}

export interface TryOutReply {
  text: string;
  /** Whether the engine answered from knowledge or a curated answer (false: "I don't know"). */
  answered: boolean;
  /** Which part of the chatbot replied: small talk, a handover, a curated answer or an engine. */
  by: 'small_talk' | 'handover' | 'curated_answer' | EngineName;
  curatedAnswerId: string | null;
  /** A request for a person or a complaint opens a handover in a real conversation. */
  handover: 'human_requested' | 'complaint' | null;
  grounds: AnswerGrounds | null;
}

export async function tryOut(
  engine: AnswerEngine,
  chatbotId: string,
  message: string,
  history: readonly TryOutTurn[],
): Promise<TryOutReply> {
  const lastReply = [...history].reverse().find((turn) => turn.role === 'assistant')?.text ?? null;
  const opened = escalationForVisitorMessage(message, isYes(message) && offersAPerson(lastReply));
  if (opened?.category === 'human_requested') {
    const text = composeReply({ answer: '', answered: false, opened, pending: false });
    return {
      text,
      answered: false,
      by: 'handover',
      curatedAnswerId: null,
      handover: 'human_requested',
      grounds: null,
    };
  }
  const own = ownReply(message);
  if (own !== null)
    return {
      text: own,
      answered: true,
      by: 'small_talk',
      curatedAnswerId: null,
      handover: null,
      grounds: null,
    };
  const answer = await engine.answer({ chatbotId, question: message, history });
  return {
    // A complaint opens a handover too: its notice frames the answer, as in a conversation.
    text: opened
      ? composeReply({ answer: answer.text, answered: answer.answered, opened, pending: false })
      : answer.text,
    answered: answer.answered,
    by: answer.curatedAnswerId ? 'curated_answer' : answer.engine,
    curatedAnswerId: answer.curatedAnswerId ?? null,
    handover: opened ? 'complaint' : null,
    grounds: answer.grounds ?? null,
  };
}
