import { ZEmailBody } from '@beach/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { paths } from '../../../config/paths';
import { forgotPassword } from '../api/auth';
import { AuthCard } from '../../../components/auth-card';

export default function ForgotPasswordPage() {
  usePageTitle('Password dimenticata');
  const [sent, setSent] = useState<string | null>(null);
  const { field, submit, failure, formState } = useZodForm({ schema: ZEmailBody, defaultValues: { email: '' } });
  const onSubmit = submit(async ({ email }) => setSent((await forgotPassword(email)).message));

  return (
    <AuthCard title="Password dimenticata" subtitle="Ti invieremo un link per sceglierne una nuova." footer={<Link className="font-semibold text-sea-700 hover:underline" to={paths.login}>Torna al login</Link>}>
      {sent ? (
        <Alert tone="success">{sent}</Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormAlert failure={failure} />
          <Input label="E-mail" type="email" autoComplete="email" required {...field('email')} />
          <Button type="submit" className="w-full" loading={formState.isSubmitting} loadingText="Invio in corso...">
            Invia il link
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
