// The channels a conversation can arrive on. Conversations, leads and the channels capability all name
// them; the list lives outside those modules so that none of them has to import another for it.
export const CHANNELS = ['web', 'api', 'whatsapp', 'instagram', 'facebook'] as const;
export type Channel = (typeof CHANNELS)[number];
