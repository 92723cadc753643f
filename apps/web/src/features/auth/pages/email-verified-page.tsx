// One screen for /verify-email/{id}/{token} (checks the link, then shows the outcome),
// /verify-email/success and /verify-email/error.
import { ZEmailBody } from '@beach/contracts';
import type { Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { PageSpinner } from '../../../components/ui/spinner';
import { authLink, paths, safeRedirect } from '../../../config/paths';
import { ApiError } from '../../../lib/api-transport';
import { localizedTo } from '../../../lib/i18n';
import { resendVerification, verifyEmail } from '../api/auth';
import { AuthCard } from '../../../components/auth-card';

export default function EmailVerifiedPage() {
  const { id, token } = useParams();
  const { pathname, search, state } = useLocation();
  const navigate = useNavigate();
  const { i18n, t } = useLingui();
  // The outcome's address in the page's language: a redirect to the unprefixed one would lose its state.
  const locale = i18n.locale as Locale;
  const to = (address: string) => localizedTo(locale, address);
  const checking = Boolean(id && token);
  const started = useRef(false);
  usePageTitle(t`Conferma e-mail`);

  useEffect(() => {
    if (!id || !token || started.current) return;
    started.current = true;
    verifyEmail(id, token).then(
      ({ message }) => navigate(localizedTo(locale, paths.verifyEmailSuccess), { replace: true, state: { message, redirect: safeRedirect(search) } }),
      (error: unknown) => navigate(localizedTo(locale, paths.verifyEmailError), { replace: true, state: { message: error instanceof ApiError ? error.message : undefined } }),
    );
  }, [id, token, navigate, search, locale]);

  if (checking) return <PageSpinner />;
  const { message, redirect = null } = (state as { message?: string; redirect?: string | null } | null) ?? {};
  if (pathname === to(paths.verifyEmailSuccess)) {
    return (
      <AuthCard title={t`E-mail confermata`}>
        <Alert tone="success">{message ?? t`Il tuo indirizzo e-mail è confermato. Ora puoi accedere.`}</Alert>
        <Link className="mt-4 inline-block font-semibold text-sea-700 hover:underline" to={to(authLink(paths.login, redirect))}>
          <Trans>Accedi</Trans>
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t`Conferma non riuscita`}>
      <Alert tone="error">{message ?? t`Il link di conferma non è valido o è scaduto.`}</Alert>
      <ResendForm />
    </AuthCard>
  );
}

function ResendForm() {
  const { t } = useLingui();
  const [sent, setSent] = useState<string | null>(null);
  const { field, submit, failure, formState } = useZodForm({ schema: ZEmailBody, defaultValues: { email: '' } });
  if (sent) return <p className="mt-4 text-sm text-slate-700">{sent}</p>;
  return (
    <form noValidate className="mt-6 space-y-3" onSubmit={submit(async ({ email }) => setSent((await resendVerification(email)).message))}>
      <p className="text-sm text-slate-600">
        <Trans>Inserisci la tua e-mail per ricevere un nuovo link.</Trans>
      </p>
      <Input label={t`E-mail`} type="email" autoComplete="email" required {...field('email')} />
      <FormAlert failure={failure} />
      <Button type="submit" loading={formState.isSubmitting} loadingText={t`Invio in corso...`}>
        <Trans>Invia un nuovo link</Trans>
      </Button>
    </form>
  );
}
