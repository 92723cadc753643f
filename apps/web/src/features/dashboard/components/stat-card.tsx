// One figure of the dashboard: a label, the value (or '—' when it could not be read) and a note.
import clsx from 'clsx';
import type { ReactNode } from 'react';

export function StatCard({ label, value, note, tone = 'neutral' }: { label: string; value: ReactNode; note?: ReactNode; tone?: 'neutral' | 'good' | 'bad' }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" role="group" aria-label={label}>
      <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</p>
      <p className={clsx('mt-1 text-2xl font-bold tabular-nums', tone === 'good' && 'text-emerald-700', tone === 'bad' && 'text-rose-700', tone === 'neutral' && 'text-sea-900')}>{value ?? '—'}</p>
      {note && <p className="mt-1 text-xs text-slate-500">{note}</p>}
    </div>
  );
}
