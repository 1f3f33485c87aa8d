import { iso } from '../../lib/clock.js';
import { roleOf } from '../accounts/index.js';
import type { UserView } from './people.service.js';

/** A member's state: switched off, invited (no password yet) or active. */
export const memberStatus = (user: { disabled_at: number | null; password_hash: string | null }) =>
  user.disabled_at !== null
    ? ('disabled' as const)
    : user.password_hash === null
      ? ('invited' as const)
      : ('active' as const);

/** A team member as the API shows them, in the state given (a signed-in person is active). */
export const presentUser = (user: UserView & { role: string }, status: ReturnType<typeof memberStatus>) => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: roleOf(user.role),
  status,
  createdAt: iso(user.created_at),
});

/** A member's stored row as the API shows it: never the password's hash, only whether one is set. */
export const presentMember = (
  row: UserView & { role: string; disabled_at: number | null; password_hash: string | null },
) => presentUser(row, memberStatus(row));

/** A person just invited, with the link where they set their password (shown only in this answer). */
export const presentInvited = (
  user: Parameters<typeof presentMember>[0],
  invitation: { link: string; expiresAt: number },
) => ({
  user: presentMember(user),
  invitation: { link: invitation.link, expiresAt: iso(invitation.expiresAt) },
});
