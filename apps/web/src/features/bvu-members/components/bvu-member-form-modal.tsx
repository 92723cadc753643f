// Spec §2 add/edit modal of a BVU member: the four starred fields are checked here first
// (spec §5), then the server's field messages appear under their fields and joined in the alert.
import { FISCAL_CODE_MAX_LENGTH, GENDER_LABELS, GENDERS, type TBvuMember, type TBvuMemberBody } from '@beach/contracts';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { serverMessage } from '../../../lib/api-errors';
import { ApiError } from '../../../lib/api-transport';
import { useSaveBvuMember } from '../api/bvu-members';
import { BVU_MESSAGES } from '../messages';

type Form = Record<keyof TBvuMemberBody, string>;

const EMPTY: Form = { card_code: '', season: '', last_name: '', first_name: '', fiscal_code: '', gender: '', birth_date: '', email: '', issue_date: '', expiry_date: '' };
const REQUIRED: (keyof Form)[] = ['card_code', 'last_name', 'first_name', 'fiscal_code'];
const GENDER_OPTIONS = [{ value: '', label: 'Non indicato' }, ...GENDERS.map((gender) => ({ value: gender, label: `${gender} - ${GENDER_LABELS[gender]}` }))];

const formOf = (member: TBvuMember): Form => ({
  card_code: member.card_code,
  season: member.season,
  last_name: member.last_name,
  first_name: member.first_name,
  fiscal_code: member.fiscal_code,
  gender: member.gender ?? '',
  birth_date: member.birth_date ?? '',
  email: member.email ?? '',
  issue_date: member.issue_date ?? '',
  expiry_date: member.expiry_date ?? '',
});

/** `member`: null to add, a member to edit; `open` shows the modal. */
export function BvuMemberFormModal({ open, member, defaultSeason, onClose, onSaved }: { open: boolean; member: TBvuMember | null; defaultSeason: string; onClose: () => void; onSaved: (message: string) => void }) {
  const [form, setForm] = useState<Form>(EMPTY);
  const [shownFor, setShownFor] = useState<{ open: boolean; member: TBvuMember | null }>({ open: false, member: null });
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const save = useSaveBvuMember();
  const formId = 'bvu-member-form';

  // A newly opened modal starts from the member being edited, or an empty form for this season.
  if (shownFor.open !== open || shownFor.member !== member) {
    setShownFor({ open, member });
    setForm(member ? formOf(member) : { ...EMPTY, season: defaultSeason });
    setError(null);
    setFieldErrors({});
  }

  const field = (name: keyof Form) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value })),
    error: fieldErrors[name],
    name,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFieldErrors({});
    if (REQUIRED.some((name) => form[name].trim() === '')) return setError(BVU_MESSAGES.requiredFields);
    setError(null);
    try {
      await save.mutateAsync({ id: member?.id ?? null, body: form });
      onSaved(member ? BVU_MESSAGES.updated : BVU_MESSAGES.created);
    } catch (failure) {
      const explained = serverMessage(failure);
      if (failure instanceof ApiError && failure.errors) setFieldErrors(failure.errors);
      setError(explained ? `Errore:\n${explained}` : BVU_MESSAGES.saveFailed);
    }
  }

  return (
    <Modal
      open={open}
      size="lg"
      title={member ? 'Modifica Tesserato BVU' : 'Aggiungi Tesserato BVU'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Annulla
          </Button>
          <Button type="submit" form={formId} loading={save.isPending} loadingText="Salvataggio...">
            {member ? 'Salva Modifiche' : 'Aggiungi Tesserato'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <Input label="Codice tessera" required autoComplete="off" {...field('card_code')} />
        <Input label="Stagione" placeholder="2026" hint="Anno (2026) o due anni (2025/2026)" {...field('season')} />
        <Input label="Cognome" required {...field('last_name')} />
        <Input label="Nome" required {...field('first_name')} />
        <Input label="Codice fiscale" required maxLength={FISCAL_CODE_MAX_LENGTH} autoComplete="off" className="uppercase" {...field('fiscal_code')} />
        <Select label="Sesso" options={GENDER_OPTIONS} {...field('gender')} />
        <Input label="Data di nascita" type="date" {...field('birth_date')} />
        <Input label="E-mail" type="email" autoComplete="off" {...field('email')} />
        <Input label="Data di rilascio" type="date" {...field('issue_date')} />
        <Input label="Data di scadenza" type="date" {...field('expiry_date')} />
        {error && (
          <div className="sm:col-span-2">
            <Alert tone="error">
              <span className="whitespace-pre-line">{error}</span>
            </Alert>
          </div>
        )}
      </form>
    </Modal>
  );
}
