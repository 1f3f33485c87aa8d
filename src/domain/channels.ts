// The channels a conversation can arrive on, and the Meta providers behind three of them. Conversations,
// leads, the channels capability and the job catalogue all name them; the lists live outside those
// modules so that none of them has to import another for it.
export const CHANNELS = ['web', 'api', 'whatsapp', 'instagram', 'facebook'] as const;
export type Channel = (typeof CHANNELS)[number];

/** The Meta providers whose messages come in through webhooks (Messenger is the `facebook` channel). */
export const PROVIDERS = ['whatsapp', 'messenger', 'instagram'] as const;
export type Provider = (typeof PROVIDERS)[number];
