// The auth calls and what each does to the stored session.
import type { TChangePasswordBody, TLoginBody, TRegisterBody, TResetPasswordBody, TUpdateProfileBody } from '@beach/contracts';
import { api } from '../../../lib/api-routes';
import { callApi } from '../../../lib/api-client';
import { session } from '../../../lib/session';

export async function login(body: TLoginBody) {
  const result = await callApi(api.auth.login, { body });
  session.save({ token: result.access_token, user: result.user, remember: result.remember_me });
  return result.user;
}

/** Revokes the session server-side; an already expired session has nothing left to revoke. */
export const logoutOnServer = () => callApi(api.auth.logout, {}, { quietOnUnauthorized: true }).catch(() => undefined);

export const register = (body: TRegisterBody) => callApi(api.auth.register, { body });
export const verifyEmail = (id: string, token: string) => callApi(api.auth.verifyEmail, { body: { id, token } });
export const resendVerification = (email: string) => callApi(api.auth.resendVerification, { body: { email } });
export const forgotPassword = (email: string) => callApi(api.auth.forgotPassword, { body: { email } });
export const resetPassword = (body: TResetPasswordBody) => callApi(api.auth.resetPassword, { body });
export const changePassword = (body: TChangePasswordBody) => callApi(api.auth.changePassword, { body });

export async function updateProfile(body: TUpdateProfileBody) {
  const user = await callApi(api.auth.updateProfile, { body });
  session.update({ user });
  return user;
}
