// Every permission a token can carry: the contract's table plus chatbots:read, conversations:read and
// messages:write, answers:read and answers:write (the curated answers), and those of the management API:
// chatbots:write, people:write, tokens:read, tokens:write and analytics:read; and canned-replies:write (the
// inbox's saved replies, which conversations:read reads).
export const PERMISSIONS = [
  'chatbots:read',
  'chatbots:write',
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
  'people:write',
  'tokens:read',
  'tokens:write',
  'analytics:read',
  'canned-replies:write',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const isPermission = (value: string): value is Permission =>
  (PERMISSIONS as readonly string[]).includes(value);

/** `all` or a comma list → the permissions; throws on an unknown name. */
export function parseScopes(value: string): Permission[] {
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) throw new Error('at least one permission is required');
  if (names.includes('all')) return [...PERMISSIONS];
  for (const name of names)
    if (!isPermission(name))
      throw new Error(`unknown permission "${name}"; known: all, ${PERMISSIONS.join(', ')}`);
  return [...new Set(names)] as Permission[];
}

/** What a person is on the team: agents work in the inbox; owners and admins also run the console. */
export const ROLES = ['owner', 'admin', 'agent'] as const;
export type Role = (typeof ROLES)[number];
export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** What an agent's session may do: the inbox (conversations, and reading chatbots, leads and knowledge). */
const AGENT_PERMISSIONS: readonly Permission[] = [
  'chatbots:read',
  'conversations:read',
  'conversations:write',
  'leads:read',
  'knowledge:read',
];

/**
 * What a signed-in session of each role may do, on every chatbot of the account. Owners and admins may do
 * everything; what only an owner may do (make, unmake or switch off an owner) is a rule of the people service.
 */
export const ROLE_PERMISSIONS: Readonly<Record<Role, ReadonlySet<Permission>>> = {
  owner: new Set(PERMISSIONS),
  admin: new Set(PERMISSIONS),
  agent: new Set(AGENT_PERMISSIONS),
};

/** A stored role, read safely: anything unknown is the least one. */
export const roleOf = (value: string): Role => (isRole(value) ? value : 'agent');
