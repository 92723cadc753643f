import { ZChangePasswordBody, ZUpdateProfileBody, type TChangePasswordBody, type TUpdateProfileBody, type TUser } from '@beach/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { usePageTitle } from '../../../app/use-page-title';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { formatDate } from '../../../lib/format';
import { applyApiError } from '../../../lib/forms';
import { useCurrentUser } from '../../../lib/session';
import { changePassword, updateProfile } from '../api/auth';
import { ConsentsSection } from '../../consents/components/consents-section';
import { CreditSection } from '../../wallet/components/credit-section';
import { PrivacySection } from '../components/privacy-section';

export default function ProfilePage() {
  usePageTitle('Il mio profilo');
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <section className="mx-auto max-w-3xl space-y-8 px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold text-sea-900">Il mio profilo</h1>
        <p className="mt-1 text-slate-600">
          {user.email} · <Badge tone="sea">{user.role_display_name}</Badge>
        </p>
      </header>
      <ProfileForm user={user} />
      <PasswordForm />
      <CreditSection />
      <ConsentsSection />
      <PrivacySection />
    </section>
  );
}

function ProfileForm({ user }: { user: TUser }) {
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<TUpdateProfileBody>({
    resolver: zodResolver(ZUpdateProfileBody),
    values: { first_name: user.first_name, last_name: user.last_name, phone: user.phone, birth_date: user.birth_date },
  });

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      await updateProfile({ ...values, phone: values.phone || null, birth_date: values.birth_date || null });
      setEditing(false);
      setNotice({ tone: 'success', text: 'Dati aggiornati.' });
    } catch (error) {
      setNotice({ tone: 'error', text: applyApiError(error, setError, ['first_name', 'last_name', 'phone', 'birth_date']) });
    }
  });

  return (
    <div className="rounded-2xl bg-white p-6 shadow ring-1 ring-slate-200">
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-semibold">I miei dati</h2>
        {!editing && <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>Modifica</Button>}
      </div>
      {notice?.text && <div className="mt-4"><Alert tone={notice.tone}>{notice.text}</Alert></div>}
      {editing ? (
        <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
          <Input label="Nome" required error={formState.errors.first_name?.message} {...register('first_name')} />
          <Input label="Cognome" required error={formState.errors.last_name?.message} {...register('last_name')} />
          <Input label="Telefono" type="tel" error={formState.errors.phone?.message} {...register('phone')} />
          <Input label="Data di nascita" type="date" error={formState.errors.birth_date?.message} {...register('birth_date')} />
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" loading={formState.isSubmitting} loadingText="Salvataggio...">Salva</Button>
            <Button variant="ghost" onClick={() => { reset(); setEditing(false); }}>Annulla</Button>
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
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<TChangePasswordBody>({ resolver: zodResolver(ZChangePasswordBody) });

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      setNotice({ tone: 'success', text: (await changePassword(values)).message });
      reset({ current_password: '', password: '', password_confirmation: '' });
    } catch (error) {
      setNotice({ tone: 'error', text: applyApiError(error, setError, ['current_password', 'password', 'password_confirmation']) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-2xl bg-white p-6 shadow ring-1 ring-slate-200">
      <h2 className="text-lg font-semibold">Cambia password</h2>
      {notice?.text && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <Input label="Password attuale" type="password" autoComplete="current-password" required error={formState.errors.current_password?.message} {...register('current_password')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label="Nuova password" type="password" autoComplete="new-password" required error={formState.errors.password?.message} {...register('password')} />
        <Input label="Conferma nuova password" type="password" autoComplete="new-password" required error={formState.errors.password_confirmation?.message} {...register('password_confirmation')} />
      </div>
      <Button type="submit" loading={formState.isSubmitting} loadingText="Salvataggio...">Aggiorna password</Button>
    </form>
  );
}
