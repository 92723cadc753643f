import { api } from '@beach/contracts';
import type { Request } from 'express';
import type { MountRoute } from '../../lib/http.js';
import { localeOf } from '../../lib/i18n.js';
import type { AuthService } from './auth.service.js';
import { authOf } from './guards.js';
import type { ClientInfo } from './sessions.js';
import { bearerToken } from './tokens.js';
import { toUserDto } from './user-dto.js';

const clientOf = (req: Request): ClientInfo => ({ ipAddress: req.ip ?? 'unknown', userAgent: req.get('user-agent') });

export function registerAuthRoutes(mount: MountRoute, auth: AuthService) {
  mount(api.auth.register, ({ body }, { res }) => auth.register(body, localeOf(res)));
  mount(api.auth.login, ({ body }, { req }) => auth.login(body, clientOf(req)));
  mount(api.auth.refresh, (_input, { req }) => auth.refresh(bearerToken(req.headers.authorization)));
  mount(api.auth.logout, (_input, { req }) => auth.logout(authOf(req).sessionId));
  mount(api.auth.profile, (_input, { req }) => toUserDto(authOf(req).user));
  mount(api.auth.updateProfile, ({ body }, { req }) => auth.updateProfile(authOf(req).user.id, body));
  mount(api.auth.changePassword, ({ body }, { req }) => {
    const { user, sessionId } = authOf(req);
    return auth.changePassword(user, sessionId, body);
  });
  mount(api.auth.verifyEmail, ({ body }) => auth.verifyEmail(body.id, body.token));
  mount(api.auth.resendVerification, ({ body }) => auth.resendVerification(body.email));
  mount(api.auth.forgotPassword, ({ body }) => auth.forgotPassword(body.email));
  mount(api.auth.resetPassword, ({ body }) => auth.resetPassword(body));
}
