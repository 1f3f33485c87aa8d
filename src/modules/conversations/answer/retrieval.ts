// Retrieval over the chatbot's ready knowledge sources, from the knowledge capability.
import type { Db } from '../../../db/database.js';
import { searchKnowledge } from '../../knowledge/search.js';
import type { Retrieve } from './engine.js';

export const knowledgeRetrieval =
  (db: Db): Retrieve =>
  (chatbotId, query, limit) =>
    searchKnowledge(db, chatbotId, query, limit);
