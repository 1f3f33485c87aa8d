import { iso } from '../../lib/clock.js';
import type { UserView } from './people.service.js';

export const presentUser = (user: UserView) => ({ id: user.id, name: user.name, email: user.email, createdAt: iso(user.created_at) });
