// One screen for /verify-email/{id}/{token} (checks the link, then shows the outcome),
// /verify-email/success and /verify-email/error.
import { ZEmailBody } from '@beach/contracts';
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
import { resendVerification, verifyEmail } from '../api/auth';
import { AuthCard } from '../../../components/auth-card';

export default function EmailVerifiedPage() {
  const { id, token } = useParams();
  const { pathname, search, state } = useLocation();
  const navigate = useNavigate();
  const checking = Boolean(id && token);
  const started = useRef(false);
  usePageTitle('Conferma e-mail');

  useEffect(() => {
    if (!id || !token || started.current) return;
    started.current = true;
    verifyEmail(id, token).then(
      ({ message }) => navigate(paths.verifyEmailSuccess, { replace: true, state: { message, redirect: safeRedirect(search) } }),
      (error: unknown) => navigate(paths.verifyEmailError, { replace: true, state: { message: error instanceof ApiError ? error.message : undefined } }),
    );
  }, [id, token, navigate, search]);

  if (checking) return <PageSpinner />;
  const { message, redirect = null } = (state as { message?: string; redirect?: string | null } | null) ?? {};
  if (pathname === paths.verifyEmailSuccess) {
    return (
      <AuthCard title="E-mail confermata">
        <Alert tone="success">{message ?? 'Il tuo indirizzo e-mail è confermato. Ora puoi accedere.'}</Alert>
        <Link className="mt-4 inline-block font-semibold text-sea-700 hover:underline" to={authLink(paths.login, redirect)}>Accedi</Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Conferma non riuscita">
      <Alert tone="error">{message ?? 'Il link di conferma non è valido o è scaduto.'}</Alert>
      <ResendForm />
    </AuthCard>
  );
}

function ResendForm() {
  const [sent, setSent] = useState<string | null>(null);
  const { field, submit, failure, formState } = useZodForm({ schema: ZEmailBody, defaultValues: { email: '' } });
  if (sent) return <p className="mt-4 text-sm text-slate-700">{sent}</p>;
  return (
    <form noValidate className="mt-6 space-y-3" onSubmit={submit(async ({ email }) => setSent((await resendVerification(email)).message))}>
      <p className="text-sm text-slate-600">Inserisci la tua e-mail per ricevere un nuovo link.</p>
      <Input label="E-mail" type="email" autoComplete="email" required {...field('email')} />
      <FormAlert failure={failure} />
      <Button type="submit" loading={formState.isSubmitting} loadingText="Invio in corso...">Invia un nuovo link</Button>
    </form>
  );
}
