import { ZRegisterBody, type TRegisterBody } from '@beach/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox, Input } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { applyApiError } from '../../../lib/forms';
import { register as registerAccount } from '../api/auth';
import { AuthCard } from '../components/auth-card';

const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'birth_date', 'password', 'password_confirmation', 'privacy_consent'] as const;

export default function RegisterPage() {
  usePageTitle('Registrazione');
  const [done, setDone] = useState<string | null>(null);
  const [formError, setFormError] = useState('');
  const { register, handleSubmit, setError, formState } = useForm<TRegisterBody>({ resolver: zodResolver(ZRegisterBody) });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setFormError('');
    try {
      setDone((await registerAccount(values)).message);
    } catch (error) {
      setFormError(applyApiError(error, setError, FIELDS));
    }
  });

  if (done) {
    return (
      <AuthCard title="Controlla la tua e-mail">
        <Alert tone="success">{done}</Alert>
        <p className="mt-4 text-sm text-slate-600">Apri il link che ti abbiamo inviato (vale 24 ore), poi accedi.</p>
        <Link className="mt-4 inline-block font-semibold text-sea-700 hover:underline" to={paths.login}>
          Vai al login
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Registrati"
      subtitle="Crea il tuo account per fare la tessera e prenotare i campi."
      footer={<>Hai già un account? <Link className="font-semibold text-sea-700 hover:underline" to={paths.login}>Accedi</Link></>}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {formError && <Alert tone="error">{formError}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <Input label="Nome" autoComplete="given-name" required error={errors.first_name?.message} {...register('first_name')} />
          <Input label="Cognome" autoComplete="family-name" required error={errors.last_name?.message} {...register('last_name')} />
        </div>
        <Input label="E-mail" type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Input label="Telefono" type="tel" autoComplete="tel" required error={errors.phone?.message} {...register('phone')} />
          <Input label="Data di nascita" type="date" autoComplete="bday" required error={errors.birth_date?.message} {...register('birth_date')} />
        </div>
        <Input label="Password" type="password" autoComplete="new-password" required hint="Almeno 8 caratteri, con lettere e numeri." error={errors.password?.message} {...register('password')} />
        <Input label="Conferma password" type="password" autoComplete="new-password" required error={errors.password_confirmation?.message} {...register('password_confirmation')} />
        <Checkbox label="Ho letto e accetto l’informativa sulla privacy e il trattamento dei miei dati." error={errors.privacy_consent?.message} {...register('privacy_consent')} />
        <Button type="submit" className="w-full" loading={formState.isSubmitting} loadingText="Registrazione in corso...">
          Crea il mio account
        </Button>
      </form>
    </AuthCard>
  );
}
