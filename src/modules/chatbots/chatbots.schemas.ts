// Request and response schemas of the chatbot routes.
import { Type } from 'typebox';
import { Timestamp, Uuid } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';

export const Chatbot = Type.Object({ id: Uuid, name: Type.String(), createdAt: Timestamp }, { title: 'Chatbot' });
export const ChatbotParams = Type.Object({ chatbotId: Type.String() });
export const ChatbotListQuery = Type.Object(PageQuery, { additionalProperties: false });
