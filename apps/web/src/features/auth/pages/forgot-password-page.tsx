import { ZEmailBody } from '@beach/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { applyApiError } from '../../../lib/forms';
import { forgotPassword } from '../api/auth';
import { AuthCard } from '../components/auth-card';

export default function ForgotPasswordPage() {
  usePageTitle('Password dimenticata');
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState('');
  const { register, handleSubmit, setError, formState } = useForm<z.input<typeof ZEmailBody>>({ resolver: zodResolver(ZEmailBody) });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError('');
    try {
      setSent((await forgotPassword(email)).message);
    } catch (error) {
      setFormError(applyApiError(error, setError, ['email']));
    }
  });

  return (
    <AuthCard title="Password dimenticata" subtitle="Ti invieremo un link per sceglierne una nuova." footer={<Link className="font-semibold text-sea-700 hover:underline" to={paths.login}>Torna al login</Link>}>
      {sent ? (
        <Alert tone="success">{sent}</Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {formError && <Alert tone="error">{formError}</Alert>}
          <Input label="E-mail" type="email" autoComplete="email" required error={formState.errors.email?.message} {...register('email')} />
          <Button type="submit" className="w-full" loading={formState.isSubmitting} loadingText="Invio in corso...">
            Invia il link
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
