// The chatbot as the API shows it: fields picked one by one.
import type { ChatbotTable } from '../../db/database.js';
import { iso } from '../../lib/clock.js';

export const presentChatbot = (row: Pick<ChatbotTable, 'id' | 'name' | 'created_at'>) => ({ id: row.id, name: row.name, createdAt: iso(row.created_at) });
