// Request schemas of Meta's webhook routes.
import { Type } from 'typebox';

export const ProviderParams = Type.Object({
  provider: Type.String({ description: 'whatsapp, messenger or instagram' }),
});

export const VerificationQuery = Type.Object({
  'hub.mode': Type.Optional(Type.String()),
  'hub.verify_token': Type.Optional(Type.String()),
  'hub.challenge': Type.Optional(Type.String({ maxLength: 1000 })),
});
