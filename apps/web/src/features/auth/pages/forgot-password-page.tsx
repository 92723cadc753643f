import { ZEmailBody } from '@beach/contracts';
import type { Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { paths } from '../../../config/paths';
import { localizedTo } from '../../../lib/i18n';
import { forgotPassword } from '../api/auth';
import { AuthCard } from '../../../components/auth-card';

export default function ForgotPasswordPage() {
  const { i18n, t } = useLingui();
  usePageTitle(t`Password dimenticata`);
  const [sent, setSent] = useState<string | null>(null);
  const { field, submit, failure, formState } = useZodForm({ schema: ZEmailBody, defaultValues: { email: '' } });
  const onSubmit = submit(async ({ email }) => setSent((await forgotPassword(email)).message));

  return (
    <AuthCard
      title={t`Password dimenticata`}
      subtitle={t`Ti invieremo un link per sceglierne una nuova.`}
      footer={
        <Link className="font-semibold text-sea-700 hover:underline" to={localizedTo(i18n.locale as Locale, paths.login)}>
          <Trans>Torna al login</Trans>
        </Link>
      }
    >
      {sent ? (
        <Alert tone="success">{sent}</Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormAlert failure={failure} />
          <Input label={t`E-mail`} type="email" autoComplete="email" required {...field('email')} />
          <Button type="submit" className="w-full" loading={formState.isSubmitting} loadingText={t`Invio in corso...`}>
            <Trans>Invia il link</Trans>
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
