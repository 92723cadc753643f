import { AUTH_MESSAGES, ZLoginBody, type TLoginBody, type TUser } from '@beach/contracts';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox, Input } from '../../../components/ui/field';
import { useZodForm } from '../../../components/ui/form';
import { authLink, invitedEmailOf, landingOf, paths, safeRedirect, safeRedirectTarget } from '../../../config/paths';
import { ApiError } from '../../../lib/api-transport';
import { useCurrentUser } from '../../../lib/session';
import { login, resendVerification } from '../api/auth';
import type { LOGGING_OUT_STATE } from '../api/use-logout';
import { AuthCard } from '../../../components/auth-card';

export default function LoginPage() {
  usePageTitle('Accedi');
  const user = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const redirect = safeRedirect(location.search);
  const target = (signedIn: TUser) => safeRedirectTarget(location.search, landingOf(signedIn));
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const { field, register, submit, failure, formState } = useZodForm({ schema: ZLoginBody, defaultValues: { email: '', password: '', remember: false } });

  const loggingOut = (location.state as typeof LOGGING_OUT_STATE | null)?.loggingOut === true;
  if (user && !formState.isSubmitting && !loggingOut) return <Navigate to={target(user)} replace />;

  const onSubmit = submit(async (values: TLoginBody) => {
    setUnverifiedEmail(null);
    let signedIn: TUser;
    try {
      signedIn = await login(values);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403 && error.message === AUTH_MESSAGES.emailNotVerified) setUnverifiedEmail(values.email);
      throw error;
    }
    navigate(target(signedIn), { replace: true });
  });

  return (
    <AuthCard
      title="Accedi"
      subtitle="Entra nella tua area per tessera e prenotazioni."
      footer={<>Non hai un account? <Link className="font-semibold text-sea-700 hover:underline" to={authLink(paths.register, redirect, invitedEmailOf(redirect))}>Registrati</Link></>}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure && (
          <Alert tone="error">
            {failure}
            {unverifiedEmail && !resent && (
              <button type="button" className="mt-2 block font-semibold underline" onClick={() => resendVerification(unverifiedEmail).then(() => setResent(true))}>
                Invia di nuovo il link di conferma
              </button>
            )}
            {resent && <span className="mt-2 block">{AUTH_MESSAGES.verificationSent}</span>}
          </Alert>
        )}
        <Input label="E-mail" type="email" autoComplete="email" required {...field('email')} />
        <Input label="Password" type="password" autoComplete="current-password" required {...field('password')} />
        <div className="flex items-center justify-between">
          <Checkbox label="Ricordami per 30 giorni" {...register('remember')} />
          <Link className="text-sm font-semibold text-sea-700 hover:underline" to={paths.forgotPassword}>
            Password dimenticata?
          </Link>
        </div>
        <Button type="submit" className="w-full" loading={formState.isSubmitting} loadingText="Accesso in corso...">
          Accedi
        </Button>
      </form>
    </AuthCard>
  );
}
