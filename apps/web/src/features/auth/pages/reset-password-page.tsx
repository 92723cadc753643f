import { ZResetPasswordBody } from '@beach/contracts';
import type { Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { useZodForm } from '../../../components/ui/form';
import { paths } from '../../../config/paths';
import { localizedTo } from '../../../lib/i18n';
import { resetPassword } from '../api/auth';
import { AuthCard } from '../../../components/auth-card';

export default function ResetPasswordPage() {
  const { i18n, t } = useLingui();
  usePageTitle(t`Nuova password`);
  const to = (address: string) => localizedTo(i18n.locale as Locale, address);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const { field, register, submit, failure, formState } = useZodForm({
    schema: ZResetPasswordBody,
    defaultValues: { token, password: '', password_confirmation: '' },
  });
  const onSubmit = submit(async (values) => setDone((await resetPassword(values)).message));
  const requestNewLink = (
    <Link className="font-semibold underline" to={to(paths.forgotPassword)}>
      <Trans>Richiedi un nuovo link</Trans>
    </Link>
  );

  if (!token) {
    return (
      <AuthCard title={t`Nuova password`}>
        <Alert tone="error">
          <Trans>Il link non è completo. Aprilo di nuovo dall’e-mail o richiedine uno nuovo.</Trans>
        </Alert>
        <Link className="mt-4 inline-block font-semibold text-sea-700 hover:underline" to={to(paths.forgotPassword)}>
          <Trans>Richiedi un nuovo link</Trans>
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t`Nuova password`}
      footer={
        <Link className="font-semibold text-sea-700 hover:underline" to={to(paths.login)}>
          <Trans>Torna al login</Trans>
        </Link>
      }
    >
      {done ? (
        <>
          <Alert tone="success">{done}</Alert>
          <Link className="mt-4 inline-block font-semibold text-sea-700 hover:underline" to={to(paths.login)}>
            <Trans>Accedi</Trans>
          </Link>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {failure && (
            <Alert tone="error" action={requestNewLink}>
              {failure}
            </Alert>
          )}
          <input type="hidden" {...register('token')} />
          <Input label={t`Nuova password`} type="password" autoComplete="new-password" required hint={t`Almeno 8 caratteri, con lettere e numeri.`} {...field('password')} />
          <Input label={t`Conferma nuova password`} type="password" autoComplete="new-password" required {...field('password_confirmation')} />
          <Button type="submit" className="w-full" loading={formState.isSubmitting} loadingText={t`Salvataggio...`}>
            <Trans>Salva la nuova password</Trans>
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
