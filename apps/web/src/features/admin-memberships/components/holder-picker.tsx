// Who the desk card is for: an existing member found by name, e-mail or fiscal code, or
// a new one whose account is created with the card.
import type { TMemberSearchResult } from '@beach/contracts';
import UserPlus from 'lucide-react/icons/user-plus';
import { MemberSearch } from '../../../components/admin/member-search';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { formatDate } from '../../../lib/format';

export interface NewHolder {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  birth_date: string;
}

export const EMPTY_HOLDER: NewHolder = { first_name: '', last_name: '', email: '', phone: '', birth_date: '' };

export type HolderChoice = { mode: 'existing'; member: TMemberSearchResult | null } | { mode: 'new'; holder: NewHolder };

export function HolderPicker({ choice, onChange, errorOf }: { choice: HolderChoice; onChange: (choice: HolderChoice) => void; errorOf: (field: string) => string | undefined }) {
  const setHolder = (field: keyof NewHolder, value: string) => choice.mode === 'new' && onChange({ mode: 'new', holder: { ...choice.holder, [field]: value } });
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold text-sea-900">Tesserato</legend>
      <div role="radiogroup" aria-label="Tesserato" className="flex flex-wrap gap-4 text-sm">
        <label className="inline-flex items-center gap-2">
          <input type="radio" name="holder-mode" className="accent-sea-700" checked={choice.mode === 'existing'} onChange={() => onChange({ mode: 'existing', member: null })} />
          Tesserato esistente
        </label>
        <label className="inline-flex items-center gap-2">
          <input type="radio" name="holder-mode" className="accent-sea-700" checked={choice.mode === 'new'} onChange={() => onChange({ mode: 'new', holder: EMPTY_HOLDER })} />
          Nuovo tesserato
        </label>
      </div>

      {choice.mode === 'existing' &&
        (choice.member ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-sea-50 p-3 text-sm ring-1 ring-sea-600/20">
            <div>
              <p className="font-semibold text-slate-900">
                {choice.member.first_name} {choice.member.last_name}
              </p>
              <p className="text-slate-600">
                {choice.member.email}
                {choice.member.birth_date && ` · nato/a il ${formatDate(choice.member.birth_date)}`}
              </p>
            </div>
            <Button variant="secondary" size="sm" onClick={() => onChange({ mode: 'existing', member: null })}>
              Cambia tesserato
            </Button>
          </div>
        ) : (
          <>
            <MemberSearch onPick={(member) => onChange({ mode: 'existing', member })} />
            {errorOf('user_id') && <p className="text-sm text-coral-600">{errorOf('user_id')}</p>}
          </>
        ))}

      {choice.mode === 'new' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <p className="flex items-center gap-2 text-sm text-slate-600 sm:col-span-2">
            <UserPlus aria-hidden="true" className="h-4 w-4" />
            Creiamo l’account e inviamo al tesserato un’e-mail per scegliere la password.
          </p>
          <Input label="Nome" required value={choice.holder.first_name} onChange={(event) => setHolder('first_name', event.target.value)} error={errorOf('new_user.first_name')} />
          <Input label="Cognome" required value={choice.holder.last_name} onChange={(event) => setHolder('last_name', event.target.value)} error={errorOf('new_user.last_name')} />
          <Input label="E-mail" type="email" required value={choice.holder.email} onChange={(event) => setHolder('email', event.target.value)} error={errorOf('new_user.email')} />
          <Input label="Telefono" type="tel" value={choice.holder.phone} onChange={(event) => setHolder('phone', event.target.value)} error={errorOf('new_user.phone')} />
          <Input label="Data di nascita" type="date" required value={choice.holder.birth_date} onChange={(event) => setHolder('birth_date', event.target.value)} error={errorOf('new_user.birth_date')} />
        </div>
      )}
    </fieldset>
  );
}
