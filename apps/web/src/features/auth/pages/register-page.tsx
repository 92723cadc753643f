import { isUnderGuardianAge, ZRegisterBody, type TRegisterBody } from '@beach/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../app/use-page-title';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox, Input } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { applyApiError } from '../../../lib/forms';
import { register as registerAccount } from '../api/auth';
import { AuthCard } from '../components/auth-card';

const FIELDS = [
  'first_name', 'last_name', 'email', 'phone', 'birth_date', 'password', 'password_confirmation', 'privacy_consent',
  'photo_consent', 'newsletter_consent', 'guardian_name', 'guardian_fiscal_code', 'guardian_consent',
] as const;

export default function RegisterPage() {
  usePageTitle('Registrazione');
  const [done, setDone] = useState<string | null>(null);
  const [formError, setFormError] = useState('');
  const { register, handleSubmit, setError, formState, control } = useForm<TRegisterBody>({ resolver: zodResolver(ZRegisterBody) });
  const errors = formState.errors;
  // Under 14 a parent or guardian gives the consent: their fields appear once the birth date says so.
  const birthDate = useWatch({ control, name: 'birth_date' });
  const needsGuardian = /^\d{4}-\d{2}-\d{2}$/.test(birthDate ?? '') && isUnderGuardianAge(birthDate);

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
        {needsGuardian && (
          <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-700">Genitore o tutore (per chi ha meno di 14 anni)</legend>
            <Input label="Nome e cognome del genitore o tutore" required error={errors.guardian_name?.message} {...register('guardian_name')} />
            <Input label="Codice fiscale del genitore o tutore" required maxLength={16} className="uppercase" error={errors.guardian_fiscal_code?.message} {...register('guardian_fiscal_code')} />
            <Checkbox label="Sono il genitore o tutore: ho letto l’informativa e acconsento al trattamento dei dati del minore." error={errors.guardian_consent?.message} {...register('guardian_consent')} />
          </fieldset>
        )}
        <Checkbox
          label={
            <>
              Ho letto e accetto l’
              <Link className="font-semibold text-sea-700 underline" to={paths.privacyNotice} target="_blank">
                informativa sulla privacy
              </Link>{' '}
              e il trattamento dei miei dati.
            </>
          }
          error={errors.privacy_consent?.message}
          {...register('privacy_consent')}
        />
        <Checkbox label="Acconsento a foto e video in cui compaio (facoltativo)" {...register('photo_consent')} />
        <Checkbox label="Voglio ricevere la newsletter (facoltativo)" {...register('newsletter_consent')} />
        <Button type="submit" className="w-full" loading={formState.isSubmitting} loadingText="Registrazione in corso...">
          Crea il mio account
        </Button>
      </form>
    </AuthCard>
  );
}
