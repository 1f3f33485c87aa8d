// The resources the inbox reads, as the API shows them.
export type Urgency = 'low' | 'medium' | 'high';

export interface User {
  id: string;
  name: string;
  email: string;
  createdAt: string;
}

export interface Session {
  user: User;
  csrfToken: string;
  expiresAt: string;
}

export interface Conversation {
  threadId: string;
  chatbotId: string;
  channel: 'web' | 'api' | 'whatsapp' | 'instagram' | 'facebook';
  mode: 'ai' | 'human';
  escalated: boolean;
  resolved: boolean;
  startedAt: string;
  lastMessageAt: string;
  assignee: { id: string; name: string } | null;
  escalation: { reason: string; category: string; urgency: Urgency; at: string } | null;
  visitor: { name: string } | null;
  lastMessage: { role: Message['role']; text: string; createdAt: string } | null;
}

export interface Message {
  id: string;
  role: 'user' | 'assistant' | 'agent';
  text: string;
  createdAt: string;
  authorName: string | null;
}

export interface Lead {
  id: string;
  chatbotId: string;
  threadId: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
}

export interface Invitation {
  email: string;
  name: string;
  expiresAt: string;
}

export interface ReplyResult {
  message: Message;
  delivered: boolean;
  deliveryError?: string;
}
