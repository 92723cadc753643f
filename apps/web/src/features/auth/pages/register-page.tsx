import { ZRegisterBody } from '@beach/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox, Input } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { paths } from '../../../config/paths';
import { register as registerAccount } from '../api/auth';
import { AuthCard } from '../components/auth-card';

export default function RegisterPage() {
  usePageTitle('Registrazione');
  const [done, setDone] = useState<string | null>(null);
  const { field, submit, failure, formState } = useZodForm({
    schema: ZRegisterBody,
    defaultValues: { first_name: '', last_name: '', email: '', phone: '', birth_date: '', password: '', password_confirmation: '' },
  });
  const onSubmit = submit(async (values) => setDone((await registerAccount(values)).message));

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
        <FormAlert failure={failure} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Input label="Nome" autoComplete="given-name" required {...field('first_name')} />
          <Input label="Cognome" autoComplete="family-name" required {...field('last_name')} />
        </div>
        <Input label="E-mail" type="email" autoComplete="email" required {...field('email')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Input label="Telefono" type="tel" autoComplete="tel" required {...field('phone')} />
          <Input label="Data di nascita" type="date" autoComplete="bday" required {...field('birth_date')} />
        </div>
        <Input label="Password" type="password" autoComplete="new-password" required hint="Almeno 8 caratteri, con lettere e numeri." {...field('password')} />
        <Input label="Conferma password" type="password" autoComplete="new-password" required {...field('password_confirmation')} />
        <Checkbox label="Ho letto e accetto l’informativa sulla privacy e il trattamento dei miei dati." {...field('privacy_consent')} />
        <Button type="submit" className="w-full" loading={formState.isSubmitting} loadingText="Registrazione in corso...">
          Crea il mio account
        </Button>
      </form>
    </AuthCard>
  );
}
