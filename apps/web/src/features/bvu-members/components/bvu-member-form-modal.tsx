// The add/edit modal of a BVU member; card code, names and fiscal code are required.
import { FISCAL_CODE_MAX_LENGTH, GENDER_LABELS, GENDERS, ZBvuMemberBody, type TBvuMember, type TBvuMemberBody } from '@beach/contracts';
import { Input, Select } from '../../../components/ui/field';
import { FormAlert, FormModal, useZodForm } from '../../../components/ui/form';
import { useSaveBvuMember } from '../api/bvu-members';
import { BVU_MESSAGES } from '../messages';

const FORM_ID = 'bvu-member-form';
const EMPTY: TBvuMemberBody = { card_code: '', season: '', last_name: '', first_name: '', fiscal_code: '', gender: '', birth_date: '', email: '', issue_date: '', expiry_date: '' };
const GENDER_OPTIONS = [{ value: '' as const, label: 'Non indicato' }, ...GENDERS.map((gender) => ({ value: gender, label: `${gender} - ${GENDER_LABELS[gender]}` }))];

const formOf = (member: TBvuMember): TBvuMemberBody => ({
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
  const save = useSaveBvuMember();
  const send = async (body: TBvuMemberBody) => {
    await save.mutateAsync({ id: member?.id ?? null, body });
    onSaved(member ? BVU_MESSAGES.updated : BVU_MESSAGES.created);
  };

  return (
    <FormModal open={open} size="lg" title={member ? 'Modifica Tesserato BVU' : 'Aggiungi Tesserato BVU'} onClose={onClose} formId={FORM_ID} saving={save.isPending} submitLabel={member ? 'Salva Modifiche' : 'Aggiungi Tesserato'}>
      <BvuMemberForm key={member?.id ?? 'new'} initial={member ? formOf(member) : { ...EMPTY, season: defaultSeason }} send={send} />
    </FormModal>
  );
}

/** Mounted each time the modal opens, so it starts from the member's data. */
function BvuMemberForm({ initial, send }: { initial: TBvuMemberBody; send: (body: TBvuMemberBody) => Promise<void> }) {
  const { field, submit, failure } = useZodForm({
    schema: ZBvuMemberBody,
    defaultValues: initial,
    messages: { required: BVU_MESSAGES.requiredFields, failed: BVU_MESSAGES.saveFailed, prefix: 'Errore: ' },
  });
  return (
    <form id={FORM_ID} onSubmit={submit(send)} noValidate className="grid gap-4 sm:grid-cols-2">
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
      <FormAlert failure={failure} className="sm:col-span-2" />
    </form>
  );
}
