import { ZResetPasswordBody } from '@beach/contracts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { useZodForm } from '../../../components/ui/form';
import { paths } from '../../../config/paths';
import { resetPassword } from '../api/auth';
import { AuthCard } from '../../../components/auth-card';

export default function ResetPasswordPage() {
  usePageTitle('Nuova password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const { field, register, submit, failure, formState } = useZodForm({
    schema: ZResetPasswordBody,
    defaultValues: { token, password: '', password_confirmation: '' },
  });
  const onSubmit = submit(async (values) => setDone((await resetPassword(values)).message));

  if (!token) {
    return (
      <AuthCard title="Nuova password">
        <Alert tone="error">Il link non è completo. Aprilo di nuovo dall’e-mail o richiedine uno nuovo.</Alert>
        <Link className="mt-4 inline-block font-semibold text-sea-700 hover:underline" to={paths.forgotPassword}>Richiedi un nuovo link</Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Nuova password" footer={<Link className="font-semibold text-sea-700 hover:underline" to={paths.login}>Torna al login</Link>}>
      {done ? (
        <>
          <Alert tone="success">{done}</Alert>
          <Link className="mt-4 inline-block font-semibold text-sea-700 hover:underline" to={paths.login}>Accedi</Link>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {failure && (
            <Alert tone="error" action={<Link className="font-semibold underline" to={paths.forgotPassword}>Richiedi un nuovo link</Link>}>
              {failure}
            </Alert>
          )}
          <input type="hidden" {...register('token')} />
          <Input label="Nuova password" type="password" autoComplete="new-password" required hint="Almeno 8 caratteri, con lettere e numeri." {...field('password')} />
          <Input label="Conferma nuova password" type="password" autoComplete="new-password" required {...field('password_confirmation')} />
          <Button type="submit" className="w-full" loading={formState.isSubmitting} loadingText="Salvataggio...">
            Salva la nuova password
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
