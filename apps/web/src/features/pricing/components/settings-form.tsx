// The parts the price list screen's sections share: a titled section over what it reads, and a form of
// settings with its fields in up to three columns, what went wrong and its save button.
import type { UseQueryResult } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form';
import { Loaded } from '../../../components/ui/loaded';

/** A section headed `title` (its id `titleId`), then `children` of what `read` loaded (`failed` when it could not). */
export function SettingsSection<Data>({ titleId, title, read, failed, children }: { titleId: string; title: string; read: UseQueryResult<Data>; failed: string; children: (data: Data) => ReactNode }) {
  return (
    <section aria-labelledby={titleId} className="space-y-4">
      <h2 id={titleId} className="text-xl font-semibold text-sea-900">{title}</h2>
      <Loaded read={read} failed={failed}>
        {children}
      </Loaded>
    </section>
  );
}

/** `notice` stands above the fields; `submitLabel` is the save button's. */
export function SettingsForm({ label, onSubmit, failure, saving, submitLabel, notice, children }: { label: string; onSubmit: (event?: FormEvent) => void; failure: string | null; saving: boolean; submitLabel: ReactNode; notice?: ReactNode; children: ReactNode }) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      {notice}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
      <FormAlert failure={failure} />
      <Button type="submit" loading={saving} loadingText="Salvataggio...">
        {submitLabel}
      </Button>
    </form>
  );
}
