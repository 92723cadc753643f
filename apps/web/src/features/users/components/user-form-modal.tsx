// Creating an account at the desk, or editing one (design §8). The member chooses the password from
// the e-mail the server sends; staff and admin roles can be given at creation.
import { ROLE_DISPLAY_NAMES, ROLES, type TAdminUser, type TRole } from '@beach/contracts';
import { useModalForm } from '../../../components/admin/use-modal-form';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { useCreateUser, useUpdateUser } from '../api/users';
import { USERS_MESSAGES } from '../messages';

type Form = { first_name: string; last_name: string; email: string; phone: string; birth_date: string; role: string };

const NEW_USER: Form = { first_name: '', last_name: '', email: '', phone: '', birth_date: '', role: 'user' };
const formOf = (user: TAdminUser): Form => ({
  first_name: user.first_name,
  last_name: user.last_name,
  email: user.email,
  phone: user.phone ?? '',
  birth_date: user.birth_date ?? '',
  role: user.role,
});

export function UserFormModal({ open, user, onClose, onSaved }: { open: boolean; user: TAdminUser | null; onClose: () => void; onSaved: (message: string, saved: TAdminUser) => void }) {
  const create = useCreateUser();
  const update = useUpdateUser();
  const { field, submit, errorAlert } = useModalForm<Form>({
    open,
    subject: user,
    initial: () => (user ? formOf(user) : NEW_USER),
    required: ['first_name', 'last_name', 'email'],
    messages: { required: USERS_MESSAGES.requiredFields, failed: USERS_MESSAGES.saveFailed },
  });
  const formId = 'user-form';
  const send = async ({ role, ...profile }: Form) => {
    const result = user ? await update.mutateAsync({ id: user.id, body: profile }) : await create.mutateAsync({ ...profile, role: role as TRole });
    onSaved(result.message, result.user);
  };

  return (
    <Modal
      open={open}
      title={user ? `Modifica ${user.first_name} ${user.last_name}` : 'Nuovo utente'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Annulla
          </Button>
          <Button type="submit" form={formId} loading={create.isPending || update.isPending} loadingText="Salvataggio...">
            {user ? 'Salva Modifiche' : 'Crea utente'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit(send)} noValidate className="grid gap-4 sm:grid-cols-2">
        <Input label="Nome" required autoComplete="off" {...field('first_name')} />
        <Input label="Cognome" required autoComplete="off" {...field('last_name')} />
        <Input label="E-mail" required type="email" autoComplete="off" className="sm:col-span-2" {...field('email')} />
        <Input label="Telefono" type="tel" {...field('phone')} />
        <Input label="Data di nascita" type="date" {...field('birth_date')} />
        {!user && <Select label="Ruolo" options={ROLES.map((role) => ({ value: role, label: ROLE_DISPLAY_NAMES[role] }))} {...field('role')} />}
        {!user && <p className="text-sm text-slate-600 sm:col-span-2">L’utente riceverà un’e-mail con il link per scegliere la password.</p>}
        {errorAlert}
      </form>
    </Modal>
  );
}
