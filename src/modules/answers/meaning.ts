// Relevance by meaning: the lexical decision (relevance.ts) turns away a passage that shares no word with
// the question, yet with EMBEDDINGS_MODEL retrieval finds such passages by their vectors ("How long until
// my parcel arrives?" → "Shipping takes 3 to 5 days"). One whose similarity reaches EMBEDDINGS_MIN_SIMILARITY
// (set per model: similarities of unrelated texts differ from one model to another) is admitted too.
import type { Passage } from './engines/engine.js';

export const closeInMeaning = (passage: Pick<Passage, 'closeInMeaning'>): boolean =>
  passage.closeInMeaning === true;
