// Curated answers: the team's own answer to a question (and its other wordings), which the chatbot sends
// verbatim when a visitor asks it. Each wording is also a row of its own, the form it is matched by.

declare module '../../../db/database.js' {
  interface Database {
    curated_answers: CuratedAnswerTable;
    curated_answer_wordings: CuratedWordingTable;
  }
}

export interface CuratedAnswerTable {
  id: string;
  chatbot_id: string;
  question: string;
  /** JSON array of strings: the other wordings of the question, in the team's order. */
  alternatives: string;
  answer: string;
  /** The questions report's entry (its id) the answer was written for; null when written on its own. */
  from_question: string | null;
  created_at: number;
  updated_at: number;
}

/** A curated answer as the service works with it: its other wordings as an array. */
export type CuratedAnswerRow = Omit<CuratedAnswerTable, 'alternatives'> & { alternatives: string[] };

export interface CuratedWordingTable {
  curated_answer_id: string;
  chatbot_id: string;
  /** The question or one of its other wordings, as written. */
  text: string;
  /** Its normalised form, hashed (case, accents, punctuation and spacing do not count): unique per chatbot. */
  text_key: string;
  /** With EMBEDDINGS_MODEL: the model that made `embedding`, its size and the vector (length 1, 32-bit floats). */
  model: string | null;
  dimensions: number | null;
  embedding: Uint8Array | null;
}
