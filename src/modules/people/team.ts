// Who may change whom on the team. Owners and admins manage the team; only an owner makes someone an
// owner or changes, switches off or on another owner; and an account always keeps one active owner.
import { AppError } from '../../errors.js';
import type { Role } from '../accounts/index.js';

export interface Member {
  role: Role;
  disabled: boolean;
}

/** Refuses (403) an actor who is not an owner touching an owner, or giving the owner role. */
export function assertMayChange(actor: Role, target: Role | null, newRole?: Role): void {
  if (actor === 'owner') return;
  if (target === 'owner' || newRole === 'owner')
    throw new AppError(
      'forbidden',
      'Only an owner can make someone an owner, or change, switch off or switch on an owner.',
    );
}

/**
 * Refuses (409 last_owner) a change that would leave the account without an active owner: the target
 * is an active owner who stops being one, and no other active owner remains.
 */
export function assertKeepsAnOwner(target: Member, after: Member, otherActiveOwners: number): void {
  const wasActiveOwner = target.role === 'owner' && !target.disabled;
  const staysActiveOwner = after.role === 'owner' && !after.disabled;
  if (wasActiveOwner && !staysActiveOwner && otherActiveOwners === 0)
    throw new AppError(
      'last_owner',
      'This is the account’s last active owner: make someone else an owner first.',
    );
}
