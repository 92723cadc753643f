import { ZChangePasswordBody, ZUpdateProfileBody, type TUser } from '@beach/contracts';
import { useState } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { formatDate } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { changePassword, updateProfile } from '../api/auth';
import { ConsentsSection } from '../../../components/consents/consents-section';
import { CarnetsSection } from '../../carnets';
import { CreditSection } from '../../credit';
import { MyReceiptsSection } from '../../../components/my-receipts-section';
import { PrivacySection } from '../components/privacy-section';
import { CHECKOUT_CANCELLED_MESSAGE, useCheckoutCancelled } from '../../../lib/use-checkout-cancelled';

export default function ProfilePage() {
  usePageTitle('Il mio profilo');
  const user = useCurrentUser();
  // Back from Stripe's "Annulla" on a credit top-up.
  const cancelled = useCheckoutCancelled();
  if (!user) return null;
  return (
    <section className="mx-auto max-w-3xl space-y-8 px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold text-sea-900">Il mio profilo</h1>
        <p className="mt-1 text-slate-600">
          {user.email} · <Badge tone="sea">{user.role_display_name}</Badge>
        </p>
      </header>
      {cancelled && <Alert>{CHECKOUT_CANCELLED_MESSAGE}</Alert>}
      <ProfileForm user={user} />
      <PasswordForm />
      <CreditSection />
      <CarnetsSection />
      <MyReceiptsSection />
      <ConsentsSection />
      <PrivacySection />
    </section>
  );
}

function ProfileForm({ user }: { user: TUser }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const current = { first_name: user.first_name, last_name: user.last_name, phone: user.phone, birth_date: user.birth_date };
  const { field, submit, reset, failure, setFailure, formState } = useZodForm({ schema: ZUpdateProfileBody, defaultValues: current, values: current });

  const onSubmit = submit(async (values) => {
    setSaved(false);
    await updateProfile({ ...values, phone: values.phone || null, birth_date: values.birth_date || null });
    setEditing(false);
    setSaved(true);
  });

  return (
    <div className="rounded-2xl bg-white p-6 shadow ring-1 ring-slate-200">
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-semibold">I miei dati</h2>
        {!editing && <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>Modifica</Button>}
      </div>
      {saved && <div className="mt-4"><Alert tone="success">Dati aggiornati.</Alert></div>}
      <FormAlert failure={failure} className="mt-4" />
      {editing ? (
        <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
          <Input label="Nome" required {...field('first_name')} />
          <Input label="Cognome" required {...field('last_name')} />
          <Input label="Telefono" type="tel" {...field('phone')} />
          <Input label="Data di nascita" type="date" {...field('birth_date')} />
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" loading={formState.isSubmitting} loadingText="Salvataggio...">Salva</Button>
            <Button variant="ghost" onClick={() => { reset(); setFailure(null); setEditing(false); }}>Annulla</Button>
          </div>
        </form>
      ) : (
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
          <div><dt className="text-slate-500">Nome e cognome</dt><dd className="font-medium">{user.first_name} {user.last_name}</dd></div>
          <div><dt className="text-slate-500">E-mail</dt><dd className="font-medium">{user.email}</dd></div>
          <div><dt className="text-slate-500">Telefono</dt><dd className="font-medium">{user.phone ?? '—'}</dd></div>
          <div><dt className="text-slate-500">Data di nascita</dt><dd className="font-medium">{user.birth_date ? formatDate(user.birth_date) : '—'}</dd></div>
        </dl>
      )}
    </div>
  );
}

function PasswordForm() {
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
      <h2 className="text-lg font-semibold">Cambia password</h2>
      {done && <Alert tone="success">{done}</Alert>}
      <FormAlert failure={failure} />
      <Input label="Password attuale" type="password" autoComplete="current-password" required {...field('current_password')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label="Nuova password" type="password" autoComplete="new-password" required {...field('password')} />
        <Input label="Conferma nuova password" type="password" autoComplete="new-password" required {...field('password_confirmation')} />
      </div>
      <Button type="submit" loading={formState.isSubmitting} loadingText="Salvataggio...">Aggiorna password</Button>
    </form>
  );
}
