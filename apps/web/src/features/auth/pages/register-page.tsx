import { isUnderGuardianAge, ZRegisterBody } from '@beach/contracts';
import type { Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox, Input } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { authLink, paths, safeRedirect } from '../../../config/paths';
import { localizedTo } from '../../../lib/i18n';
import { register as registerAccount } from '../api/auth';
import { AuthCard } from '../../../components/auth-card';

export default function RegisterPage() {
  const { i18n, t } = useLingui();
  usePageTitle(t`Registrazione`);
  const to = (address: string) => localizedTo(i18n.locale as Locale, address);
  const [done, setDone] = useState<string | null>(null);
  // From an invitation: its address filled in, and its share reached once the address is confirmed.
  const { search } = useLocation();
  const redirect = safeRedirect(search) ?? undefined;
  const { field, submit, failure, formState, watch } = useZodForm({
    schema: ZRegisterBody,
    defaultValues: { first_name: '', last_name: '', email: new URLSearchParams(search).get('email') ?? '', phone: '', birth_date: '', password: '', password_confirmation: '', redirect },
  });
  const onSubmit = submit(async (values) => setDone((await registerAccount(values)).message));
  // Under 14 a parent or guardian gives the consent: their fields appear once the birth date says so.
  const birthDate = watch('birth_date');
  const needsGuardian = /^\d{4}-\d{2}-\d{2}$/.test(birthDate ?? '') && isUnderGuardianAge(birthDate);

  if (done) {
    return (
      <AuthCard title={t`Controlla la tua e-mail`}>
        <Alert tone="success">{done}</Alert>
        <p className="mt-4 text-sm text-slate-600">
          <Trans>Apri il link che ti abbiamo inviato (vale 24 ore), poi accedi.</Trans>
        </p>
        <Link className="mt-4 inline-block font-semibold text-sea-700 hover:underline" to={to(authLink(paths.login, redirect ?? null))}>
          <Trans>Vai al login</Trans>
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t`Registrati`}
      subtitle={t`Crea il tuo account per fare la tessera e prenotare i campi.`}
      footer={
        <Trans>
          Hai già un account?{' '}
          <Link className="font-semibold text-sea-700 hover:underline" to={to(authLink(paths.login, redirect ?? null))}>
            Accedi
          </Link>
        </Trans>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormAlert failure={failure} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Input label={t`Nome`} autoComplete="given-name" required {...field('first_name')} />
          <Input label={t`Cognome`} autoComplete="family-name" required {...field('last_name')} />
        </div>
        <Input label={t`E-mail`} type="email" autoComplete="email" required {...field('email')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Input label={t`Telefono`} type="tel" autoComplete="tel" required {...field('phone')} />
          <Input label={t`Data di nascita`} type="date" autoComplete="bday" required {...field('birth_date')} />
        </div>
        <Input label={t`Password`} type="password" autoComplete="new-password" required hint={t`Almeno 8 caratteri, con lettere e numeri.`} {...field('password')} />
        <Input label={t`Conferma password`} type="password" autoComplete="new-password" required {...field('password_confirmation')} />
        {needsGuardian && (
          <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-700">
              <Trans>Genitore o tutore (per chi ha meno di 14 anni)</Trans>
            </legend>
            <Input label={t`Nome e cognome del genitore o tutore`} required {...field('guardian_name')} />
            <Input label={t`Codice fiscale del genitore o tutore`} required maxLength={16} className="uppercase" {...field('guardian_fiscal_code')} />
            <Checkbox label={t`Sono il genitore o tutore: ho letto l’informativa e acconsento al trattamento dei dati del minore.`} {...field('guardian_consent')} />
          </fieldset>
        )}
        <Checkbox
          label={
            <Trans>
              Ho letto e accetto l’
              <Link className="font-semibold text-sea-700 underline" to={to(paths.privacyNotice)} target="_blank">
                informativa sulla privacy
              </Link>{' '}
              e il trattamento dei miei dati.
            </Trans>
          }
          {...field('privacy_consent')}
        />
        <Checkbox label={t`Acconsento a foto e video in cui compaio (facoltativo)`} {...field('photo_consent')} />
        <Checkbox label={t`Voglio ricevere la newsletter (facoltativo)`} {...field('newsletter_consent')} />
        <Button type="submit" className="w-full" loading={formState.isSubmitting} loadingText={t`Registrazione in corso...`}>
          <Trans>Crea il mio account</Trans>
        </Button>
      </form>
    </AuthCard>
  );
}
