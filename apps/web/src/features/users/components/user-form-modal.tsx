// Creating an account at the desk, or editing one (docs/domain.md#roles). The member chooses the password from
// the e-mail the server sends; staff and admin roles can be given at creation.
import { ROLE_DISPLAY_NAMES, ROLES, ZAdminUserCreateBody, type TAdminUser, type TAdminUserCreateBody } from '@beach/contracts';
import { Input, Select } from '../../../components/ui/field';
import { FormAlert, FormModal, useZodForm } from '../../../components/ui/form';
import { useCreateUser, useUpdateUser } from '../api/users';
import { USERS_MESSAGES } from '../messages';

const FORM_ID = 'user-form';
const NEW_USER: TAdminUserCreateBody = { first_name: '', last_name: '', email: '', phone: '', birth_date: '', residence: '', role: 'user' };
const formOf = (user: TAdminUser): TAdminUserCreateBody => ({
  first_name: user.first_name,
  last_name: user.last_name,
  email: user.email,
  phone: user.phone ?? '',
  birth_date: user.birth_date ?? '',
  residence: user.residence ?? '',
  role: user.role,
});
const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_DISPLAY_NAMES[role] }));

export function UserFormModal({ open, user, onClose, onSaved }: { open: boolean; user: TAdminUser | null; onClose: () => void; onSaved: (message: string, saved: TAdminUser) => void }) {
  const create = useCreateUser();
  const update = useUpdateUser();
  const send = async ({ role, ...profile }: TAdminUserCreateBody) => {
    const result = user ? await update.mutateAsync({ id: user.id, body: profile }) : await create.mutateAsync({ ...profile, role });
    onSaved(result.message, result.user);
  };

  return (
    <FormModal open={open} title={user ? `Modifica ${user.first_name} ${user.last_name}` : 'Nuovo utente'} onClose={onClose} formId={FORM_ID} saving={create.isPending || update.isPending} submitLabel={user ? 'Salva Modifiche' : 'Crea utente'}>
      <UserForm key={user?.id ?? 'new'} user={user} send={send} />
    </FormModal>
  );
}

/** Mounted each time the modal opens, so it starts from the user's data. */
function UserForm({ user, send }: { user: TAdminUser | null; send: (body: TAdminUserCreateBody) => Promise<void> }) {
  const { field, submit, failure } = useZodForm({
    schema: ZAdminUserCreateBody,
    defaultValues: user ? formOf(user) : NEW_USER,
    messages: { required: USERS_MESSAGES.requiredFields, failed: USERS_MESSAGES.saveFailed, prefix: 'Errore: ' },
  });
  return (
    <form id={FORM_ID} onSubmit={submit(send)} noValidate className="grid gap-4 sm:grid-cols-2">
      <Input label="Nome" required autoComplete="off" {...field('first_name')} />
      <Input label="Cognome" required autoComplete="off" {...field('last_name')} />
      <Input label="E-mail" required type="email" autoComplete="off" className="sm:col-span-2" {...field('email')} />
      <Input label="Telefono" type="tel" {...field('phone')} />
      <Input label="Data di nascita" type="date" {...field('birth_date')} />
      <Input label="Residenza" hint="Via e numero, CAP, comune (provincia): per il libro soci" autoComplete="off" className="sm:col-span-2" {...field('residence')} />
      {!user && <Select label="Ruolo" options={ROLE_OPTIONS} {...field('role')} />}
      {!user && <p className="text-sm text-slate-600 sm:col-span-2">L’utente riceverà un’e-mail con il link per scegliere la password.</p>}
      <FormAlert failure={failure} className="sm:col-span-2" />
    </form>
  );
}
