// An admin's price instead of the list's, always with its reason; staff never see it.
import { Checkbox, Input } from '../../../components/ui/field';
import { useCurrentUser } from '../../../lib/session';

export interface PriceOverrideValue {
  enabled: boolean;
  amount: string;
  reason: string;
}

export const NO_OVERRIDE: PriceOverrideValue = { enabled: false, amount: '', reason: '' };

/** The body fields the API takes: null for the list's price. */
export const overrideFields = (value: PriceOverrideValue) => ({ price: value.enabled ? value.amount : null, price_reason: value.enabled ? value.reason : null });

export function PriceOverride({ value, onChange, errorOf, label = 'Cambia il prezzo' }: { value: PriceOverrideValue; onChange: (value: PriceOverrideValue) => void; errorOf: (field: string) => string | undefined; label?: string }) {
  const isAdmin = Boolean(useCurrentUser()?.is_admin);
  if (!isAdmin) return null;
  return (
    <div className="space-y-3 sm:col-span-2">
      <Checkbox label={label} checked={value.enabled} onChange={(event) => onChange({ ...value, enabled: event.target.checked })} />
      {value.enabled && (
        <div className="grid gap-3 sm:grid-cols-2">
          <Input label="Prezzo (€)" inputMode="decimal" required value={value.amount} onChange={(event) => onChange({ ...value, amount: event.target.value })} error={errorOf('price')} />
          <Input label="Motivo" required maxLength={500} value={value.reason} onChange={(event) => onChange({ ...value, reason: event.target.value })} error={errorOf('price_reason')} />
        </div>
      )}
    </div>
  );
}
