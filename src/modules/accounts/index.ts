// Accounts, team members and access tokens: what other capabilities, the HTTP layer and the command line
// may use. Nothing here serves routes; the CLI creates accounts, users and tokens.
export {
  AccountsError,
  createAccountsService,
  type AccountsService,
  type CreatedToken,
  type TokenInput,
} from './accounts.service.js';
export {
  PERMISSIONS,
  ROLES,
  ROLE_PERMISSIONS,
  isPermission,
  isRole,
  parseScopes,
  roleOf,
  type Permission,
  type Role,
} from '../../domain/permissions.js';
export {
  ACCESS_ENDED_CHANNEL,
  assertAccountWide,
  canSeeChatbot,
  firstName,
  isAccountWide,
  type Principal,
  type PrincipalEnd,
} from '../../domain/principal.js';
// Named queries of this module's tables for the modules that read or change them (people's sign-in and
// team, the tokens API, the conversations' team tools) and subqueries they join for display: no other
// module names accounts, users or api_tokens.
export {
  accountsToJoin,
  activeMember,
  activeMembers,
  activeUsersOfAccount,
  countOtherActiveOwners,
  disableUser,
  enableUser,
  findAccountToken,
  findByEmail,
  findMember,
  findSignInUser,
  findUser,
  insertMember,
  listAccountTokens,
  listUsersPage,
  lockAccount,
  membersToJoin,
  othersWithEmail,
  setPasswordHash,
  setRole,
  type ListedTokenRow,
  type Member,
} from './accounts.repository.js';
export type { AccountTable, ApiTokenTable, UserTable } from './accounts.table.js';
