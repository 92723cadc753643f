// Accounts and sessions: registration with e-mail verification, login (optionally remembered for 30
// days), refresh with rotation, logout, password reset and change, own profile. Each concern is a file
// of its own; the service is them together, sharing one store of e-mailed tokens.
import type { AppDeps } from '../../deps.js';
import { createEmailTokens } from './email-tokens.js';
import { createPasswordReset } from './password-reset.js';
import { createProfile } from './profile.js';
import { createRegistration, type OnRegistered } from './registration.js';
import { createSessions } from './sessions.js';

export function createAuthService(deps: Pick<AppDeps, 'db' | 'config' | 'jobs' | 'logger'>, onRegistered: OnRegistered) {
  const emailTokens = createEmailTokens(deps);
  return {
    ...createRegistration(deps, emailTokens, onRegistered),
    ...createSessions(deps),
    ...createProfile(deps),
    ...createPasswordReset(deps, emailTokens),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
