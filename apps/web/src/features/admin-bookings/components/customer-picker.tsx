// Who a desk booking or a series is for: a walk-in by name and phone, or a registered member.
import type { TMemberSearchResult } from '@beach/contracts';
import { MemberSearch } from '../../../components/admin/member-search';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';

export interface Customer {
  mode: 'walk-in' | 'member';
  member: TMemberSearchResult | null;
  name: string;
  phone: string;
}

export const WALK_IN: Customer = { mode: 'walk-in', member: null, name: '', phone: '' };

/** The body fields the API takes for the customer. */
export const customerFields = (customer: Customer) => ({
  user_id: customer.mode === 'member' ? (customer.member?.id ?? null) : null,
  customer_name: customer.mode === 'walk-in' ? customer.name : null,
  customer_phone: customer.phone || null,
});

export function CustomerPicker({ customer, onChange, errorOf }: { customer: Customer; onChange: (customer: Customer) => void; errorOf: (field: string) => string | undefined }) {
  const set = (patch: Partial<Customer>) => onChange({ ...customer, ...patch });
  const missing = errorOf('customer_name') ?? errorOf('user_id');
  return (
    <fieldset className="space-y-3 sm:col-span-2">
      <legend className="text-sm font-semibold text-slate-800">Cliente</legend>
      <div role="radiogroup" aria-label="Cliente" className="flex flex-wrap gap-4 text-sm">
        <label className="inline-flex items-center gap-2">
          <input type="radio" name="customer-mode" className="accent-sea-700" checked={customer.mode === 'walk-in'} onChange={() => set({ mode: 'walk-in' })} />
          Cliente di passaggio
        </label>
        <label className="inline-flex items-center gap-2">
          <input type="radio" name="customer-mode" className="accent-sea-700" checked={customer.mode === 'member'} onChange={() => set({ mode: 'member' })} />
          Socio registrato
        </label>
      </div>
      {customer.mode === 'walk-in' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <Input label="Nome e cognome" required maxLength={200} value={customer.name} onChange={(event) => set({ name: event.target.value })} error={errorOf('customer_name')} autoComplete="off" />
          <Input label="Telefono" type="tel" maxLength={30} value={customer.phone} onChange={(event) => set({ phone: event.target.value })} error={errorOf('customer_phone')} autoComplete="off" />
        </div>
      ) : customer.member ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-sea-50 p-3 text-sm ring-1 ring-sea-600/20">
          <p>
            <span className="font-semibold text-slate-900">
              {customer.member.first_name} {customer.member.last_name}
            </span>
            <span className="block text-slate-600">{customer.member.email}</span>
          </p>
          <Button variant="secondary" size="sm" onClick={() => set({ member: null })}>
            Cambia socio
          </Button>
        </div>
      ) : (
        <>
          <MemberSearch onPick={(member) => set({ member })} />
          {missing && <p className="text-sm text-coral-600">{missing}</p>}
        </>
      )}
    </fieldset>
  );
}
