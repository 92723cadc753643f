import { authMessages, ZLoginBody, type TLoginBody, type TUser } from '@beach/contracts';
import { DEFAULT_LOCALE, type Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox, Input } from '../../../components/ui/field';
import { useZodForm } from '../../../components/ui/form';
import { authLink, invitedEmailOf, landingOf, paths, safeRedirect, safeRedirectTarget } from '../../../config/paths';
import { ApiError } from '../../../lib/api-transport';
import { localizedTo } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/session';
import { saveAccountLocale } from '../api/account-locale';
import { login, resendVerification } from '../api/auth';
import type { LOGGING_OUT_STATE } from '../api/use-logout';
import { AuthCard } from '../../../components/auth-card';

export default function LoginPage() {
  const { i18n, t } = useLingui();
  usePageTitle(t`Accedi`);
  const user = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const to = (address: string) => localizedTo(i18n.locale as Locale, address);
  const redirect = safeRedirect(location.search);
  const target = (signedIn: TUser) => safeRedirectTarget(location.search, landingOf(signedIn));
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  // The server's confirmation that a new link left, in the page's language.
  const [resent, setResent] = useState<string | null>(null);
  const { field, register, submit, failure, formState } = useZodForm({ schema: ZLoginBody, defaultValues: { email: '', password: '', remember: false } });

  const loggingOut = (location.state as typeof LOGGING_OUT_STATE | null)?.loggingOut === true;
  if (user && !formState.isSubmitting && !loggingOut) return <Navigate to={target(user)} replace />;

  const onSubmit = submit(async (values: TLoginBody) => {
    setUnverifiedEmail(null);
    let signedIn: TUser;
    try {
      signedIn = await login(values);
    } catch (error) {
      // The API answers in the page's language: the same message, worded here from the contracts' catalogue.
      if (error instanceof ApiError && error.status === 403 && error.message === i18n._(authMessages.emailNotVerified)) setUnverifiedEmail(values.email);
      throw error;
    }
    // Signing in on /de/ or /en/ is choosing that language: the account keeps it for its e-mails (docs/i18n.md).
    if (i18n.locale !== DEFAULT_LOCALE) await saveAccountLocale(i18n.locale as Locale).catch(() => undefined);
    navigate(target(signedIn), { replace: true });
  });

  return (
    <AuthCard
      title={t`Accedi`}
      subtitle={t`Entra nella tua area per tessera e prenotazioni.`}
      footer={
        <Trans>
          Non hai un account?{' '}
          <Link className="font-semibold text-sea-700 hover:underline" to={to(authLink(paths.register, redirect, invitedEmailOf(redirect)))}>
            Registrati
          </Link>
        </Trans>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure && (
          <Alert tone="error">
            {failure}
            {unverifiedEmail && !resent && (
              <button type="button" className="mt-2 block font-semibold underline" onClick={() => resendVerification(unverifiedEmail).then(({ message }) => setResent(message))}>
                <Trans>Invia di nuovo il link di conferma</Trans>
              </button>
            )}
            {resent && <span className="mt-2 block">{resent}</span>}
          </Alert>
        )}
        <Input label={t`E-mail`} type="email" autoComplete="email" required {...field('email')} />
        <Input label={t`Password`} type="password" autoComplete="current-password" required {...field('password')} />
        <div className="flex items-center justify-between">
          <Checkbox label={t`Ricordami per 30 giorni`} {...register('remember')} />
          <Link className="text-sm font-semibold text-sea-700 hover:underline" to={to(paths.forgotPassword)}>
            <Trans>Password dimenticata?</Trans>
          </Link>
        </div>
        <Button type="submit" className="w-full" loading={formState.isSubmitting} loadingText={t`Accesso in corso...`}>
          <Trans>Accedi</Trans>
        </Button>
      </form>
    </AuthCard>
  );
}
