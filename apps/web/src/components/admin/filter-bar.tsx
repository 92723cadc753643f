// The row above a back-office list: free-text search, select filters, "clear filters" and the total.
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import Search from 'lucide-react/icons/search';
import X from 'lucide-react/icons/x';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../ui/button';
import { Input, Select } from '../ui/field';

export interface FilterSelect {
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}

export function FilterBar({
  search,
  selects = [],
  onClear,
  canClear,
  total,
}: {
  /** With onSubmit the search runs on Enter instead of as one types. */
  search: { label: string; placeholder?: string; value: string; onChange: (value: string) => void; onSubmit?: () => void };
  selects?: FilterSelect[];
  onClear: () => void;
  /** Disables the clear button when nothing is filtered. */
  canClear: boolean;
  /** The total count line (e.g. "42 tessere"), announced politely when it changes. */
  total: ReactNode;
}) {
  const { t } = useLingui();
  // On a phone the select filters fold behind one button, so the list itself starts on the first screen.
  const [showSelects, setShowSelects] = useState(false);
  const selectsId = useId();
  const activeSelects = selects.filter((select) => select.value !== '').length;
  return (
    <section aria-label={t`Filtri`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(14rem,2fr)_repeat(3,minmax(9rem,1fr))]">
        <form
          noValidate
          role="search"
          className="relative col-span-2 lg:col-span-1"
          onSubmit={(event) => {
            event.preventDefault();
            search.onSubmit?.();
          }}
        >
          {/* A search on Enter says so under the box, where it is read in full (a placeholder is cut on a phone). */}
          <Input type="search" label={search.label} placeholder={search.placeholder} hint={search.onSubmit ? t`Premi Invio per cercare.` : undefined} value={search.value} onChange={(event) => search.onChange(event.target.value)} className="pl-9" autoComplete="off" enterKeyHint="search" />
          {/* top-9 centres the icon on the box below its label, with or without the hint. */}
          <Search aria-hidden="true" className="pointer-events-none absolute top-9 left-3 h-4 w-4 text-slate-400" />
        </form>
        <div id={selectsId} className={showSelects ? 'contents' : 'hidden lg:contents'}>
          {selects.map((select) => (
            <Select key={select.name} name={select.name} label={select.label} value={select.value} options={select.options} onChange={(event) => select.onChange(event.target.value)} />
          ))}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <p aria-live="polite" className="text-sm font-medium text-slate-700">
          {total}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {selects.length > 0 && (
            <Button variant="secondary" size="sm" className="lg:hidden" aria-expanded={showSelects} aria-controls={selectsId} onClick={() => setShowSelects((shown) => !shown)}>
              <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
              {activeSelects > 0 ? <Trans>Filtri ({activeSelects})</Trans> : <Trans>Filtri</Trans>}
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={onClear} disabled={!canClear}>
            <X aria-hidden="true" className="h-4 w-4" />
            <Trans>Cancella filtri</Trans>
          </Button>
        </div>
      </div>
    </section>
  );
}
