// Every permission a token can carry: the contract's table plus chatbots:read, conversations:read and
// messages:write, and answers:read and answers:write (the curated answers).
export const PERMISSIONS = [
  'chatbots:read',
  'knowledge:read',
  'knowledge:write',
  'knowledge:delete',
  'leads:read',
  'leads:write',
  'leads:delete',
  'webhooks:read',
  'webhooks:write',
  'conversations:read',
  'conversations:write',
  'messages:write',
  'answers:read',
  'answers:write',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const isPermission = (value: string): value is Permission => (PERMISSIONS as readonly string[]).includes(value);

/** `all` or a comma list → the permissions; throws on an unknown name. */
export function parseScopes(value: string): Permission[] {
  const names = value.split(',').map((s) => s.trim()).filter(Boolean);
  if (names.length === 0) throw new Error('at least one permission is required');
  if (names.includes('all')) return [...PERMISSIONS];
  for (const name of names) if (!isPermission(name)) throw new Error(`unknown permission "${name}"; known: all, ${PERMISSIONS.join(', ')}`);
  return [...new Set(names)] as Permission[];
}
