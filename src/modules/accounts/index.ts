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
} from './permissions.js';
export {
  ACCESS_ENDED_CHANNEL,
  assertAccountWide,
  canSeeChatbot,
  firstName,
  isAccountWide,
  type Principal,
  type PrincipalEnd,
} from './principal.js';
