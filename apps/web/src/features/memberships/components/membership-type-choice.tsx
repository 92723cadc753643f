import type { TMembershipType } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { MEMBERSHIP_TYPE_LABELS, PRICE_LABELS } from '../../../lib/display-labels';
import { formatCents } from '../../../lib/format';
import { priceCodeOf } from '../../../lib/membership-rules';

/** The card types the member may choose, each with its list price (the quote gives the total). */
export function MembershipTypeChoice({ types, priceOf, registration, error }: { types: TMembershipType[]; priceOf: (type: TMembershipType) => number | undefined; registration: UseFormRegisterReturn; error?: string }) {
  const { i18n, t } = useLingui();
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">
        <Trans>Tipo di tessera</Trans>
        <span aria-hidden="true" className="text-coral-600"> *</span>
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {types.map((type) => {
          const cents = priceOf(type);
          return (
            <label key={type} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-3 focus-within:outline-2 focus-within:outline-sea-700 has-checked:border-sea-700 has-checked:bg-sea-50">
              <input type="radio" value={type} className="mt-1 h-4 w-4 accent-sea-700" {...registration} />
              <span className="flex-1">
                <span className="block font-semibold text-slate-900">{i18n._(MEMBERSHIP_TYPE_LABELS[type])}</span>
                <span className="block text-xs text-slate-500">{i18n._(PRICE_LABELS[priceCodeOf(type)].detail)}</span>
              </span>
              {cents !== undefined && <span className="font-bold whitespace-nowrap text-sea-900">{cents === 0 ? t`Gratuita` : formatCents(cents)}</span>}
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-coral-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
