import { ZChangePasswordBody, ZUpdateProfileBody, type TUser } from '@beach/contracts';
import { LOCALE_NAMES, LOCALES, type Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { formatDate } from '../../../lib/format';
import { chooseLocale, pathIn } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/session';
import { changePassword, updateProfile } from '../api/auth';
import { ConsentsSection } from '../../../components/consents/consents-section';
import { CarnetsSection } from '../../carnets';
import { ChildrenSection } from '../../children';
import { CreditSection } from '../../credit';
import { MyEnrolmentsSection } from '../../school';
import { MyWaitlistSection } from '../../school-waitlist';
import { MyReceiptsSection } from '../../../components/my-receipts-section';
import { PrivacySection } from '../components/privacy-section';
import { LevelsSection } from '../../levels';
import { NotificationsSection } from '../../push';
import { useCheckoutCancelled } from '../../../lib/use-checkout-cancelled';

/** Each language named in its own words, as the header's switcher names it. */
const LANGUAGE_OPTIONS = LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }));

export default function ProfilePage() {
  const { t } = useLingui();
  usePageTitle(t`Il mio profilo`);
  const user = useCurrentUser();
  // Back from Stripe's "Annulla" on a credit top-up.
  const cancelled = useCheckoutCancelled();
  if (!user) return null;
  // The API names the role in Italian (role_display_name); the page names it in its own language, as the header does.
  const roleNames: Record<TUser['role'], string> = { user: t`Utente`, coach: t`Allenatore`, staff: t`Staff`, admin: t`Admin` };
  return (
    <section className="mx-auto max-w-3xl space-y-8 px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold text-sea-900">
          <Trans>Il mio profilo</Trans>
        </h1>
        <p className="mt-1 text-slate-600">
          {user.email} · <Badge tone="sea">{roleNames[user.role]}</Badge>
        </p>
      </header>
      {cancelled && (
        <Alert>
          <Trans>Pagamento annullato: non ti è stato addebitato nulla.</Trans>
        </Alert>
      )}
      <ProfileForm user={user} />
      <PasswordForm />
      <CreditSection />
      <CarnetsSection />
      <ChildrenSection />
      <MyEnrolmentsSection />
      <MyWaitlistSection />
      <LevelsSection />
      <MyReceiptsSection />
      <ConsentsSection />
      <NotificationsSection />
      <PrivacySection />
    </section>
  );
}

function ProfileForm({ user }: { user: TUser }) {
  const { i18n, t } = useLingui();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  // An account from before languages came has none: the page's is the one shown and offered.
  const locale = user.locale ?? (i18n.locale as Locale);
  const current = { first_name: user.first_name, last_name: user.last_name, phone: user.phone, birth_date: user.birth_date, locale };
  const { field, submit, reset, failure, setFailure, formState } = useZodForm({ schema: ZUpdateProfileBody, defaultValues: current, values: current });

  const onSubmit = submit(async (values) => {
    setSaved(false);
    await updateProfile({ ...values, phone: values.phone || null, birth_date: values.birth_date || null });
    setEditing(false);
    setSaved(true);
    // The language chosen for the account becomes the page's too, as the header's switcher does.
    if (values.locale && values.locale !== i18n.locale) {
      chooseLocale(values.locale);
      navigate(pathIn(values.locale, pathname) + search, { replace: true });
    }
  });

  return (
    <div className="rounded-2xl bg-white p-6 shadow ring-1 ring-slate-200">
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-semibold">
          <Trans>I miei dati</Trans>
        </h2>
        {!editing && (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            <Trans>Modifica</Trans>
          </Button>
        )}
      </div>
      {saved && <div className="mt-4"><Alert tone="success">
            <Trans>Dati aggiornati.</Trans>
          </Alert></div>}
      <FormAlert failure={failure} className="mt-4" />
      {editing ? (
        <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
          <Input label={t`Nome`} required {...field('first_name')} />
          <Input label={t`Cognome`} required {...field('last_name')} />
          <Input label={t`Telefono`} type="tel" {...field('phone')} />
          <Input label={t`Data di nascita`} type="date" {...field('birth_date')} />
          <Select label={t`Lingua`} hint={t`Per il sito e le e-mail che ti mandiamo.`} options={LANGUAGE_OPTIONS} {...field('locale')} />
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" loading={formState.isSubmitting} loadingText={t`Salvataggio...`}>
              <Trans>Salva</Trans>
            </Button>
            <Button variant="ghost" onClick={() => { reset(); setFailure(null); setEditing(false); }}>
              <Trans>Annulla</Trans>
            </Button>
          </div>
        </form>
      ) : (
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
          <div><dt className="text-slate-500"><Trans>Nome e cognome</Trans></dt><dd className="font-medium">{user.first_name} {user.last_name}</dd></div>
          <div><dt className="text-slate-500"><Trans>E-mail</Trans></dt><dd className="font-medium">{user.email}</dd></div>
          <div><dt className="text-slate-500"><Trans>Telefono</Trans></dt><dd className="font-medium">{user.phone ?? '—'}</dd></div>
          <div><dt className="text-slate-500"><Trans>Data di nascita</Trans></dt><dd className="font-medium">{user.birth_date ? formatDate(user.birth_date) : '—'}</dd></div>
          <div><dt className="text-slate-500"><Trans>Lingua</Trans></dt><dd className="font-medium" lang={locale}>{LOCALE_NAMES[locale]}</dd></div>
        </dl>
      )}
    </div>
  );
}

function PasswordForm() {
  const { t } = useLingui();
  const [done, setDone] = useState<string | null>(null);
  const empty = { current_password: '', password: '', password_confirmation: '' };
  const { field, submit, reset, failure, formState } = useZodForm({ schema: ZChangePasswordBody, defaultValues: empty });

  const onSubmit = submit(async (values) => {
    setDone(null);
    setDone((await changePassword(values)).message);
    reset(empty);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-2xl bg-white p-6 shadow ring-1 ring-slate-200">
      <h2 className="text-lg font-semibold">
        <Trans>Cambia password</Trans>
      </h2>
      {done && <Alert tone="success">{done}</Alert>}
      <FormAlert failure={failure} />
      <Input label={t`Password attuale`} type="password" autoComplete="current-password" required {...field('current_password')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label={t`Nuova password`} type="password" autoComplete="new-password" required {...field('password')} />
        <Input label={t`Conferma nuova password`} type="password" autoComplete="new-password" required {...field('password_confirmation')} />
      </div>
      <Button type="submit" loading={formState.isSubmitting} loadingText={t`Salvataggio...`}>
        <Trans>Aggiorna password</Trans>
      </Button>
    </form>
  );
}
