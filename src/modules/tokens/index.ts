// Access tokens through the management API: list, create (the secret shown once), revoke.
import type { Capability } from '../../core.js';
import { tokenRoutes, type TokensRoutesDeps } from './tokens.routes.js';

export { createTokensService, type TokensDeps, type TokensService } from './tokens.service.js';

export const tokensCapability: Capability<TokensRoutesDeps> = { name: 'tokens', routes: tokenRoutes };
