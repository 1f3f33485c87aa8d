// Errors of the channel set-up commands (`chatbots allow-origin`, `channels connect`): a sentence the
// command line prints as it is.
import type { ChatbotsService } from '../chatbots/index.js';
import { isUuid } from '../../lib/ids.js';

export class ChannelsError extends Error {}

export async function chatbotOrFail(chatbots: Pick<ChatbotsService, 'findChatbot'>, chatbotId: string) {
  const chatbot = isUuid(chatbotId) ? await chatbots.findChatbot(chatbotId) : undefined;
  if (!chatbot) throw new ChannelsError(`no chatbot ${chatbotId}`);
  return chatbot;
}
