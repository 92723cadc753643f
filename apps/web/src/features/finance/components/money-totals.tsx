// The totals of everything a finance filter selects (every page), as a row of figures.
import type { ReactNode } from 'react';

export function MoneyTotals({ label, items }: { label: string; items: { label: string; value: ReactNode; emphasis?: boolean }[] }) {
  return (
    <section aria-label={label} className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
      {items.map((item) => (
        <div key={item.label} className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{item.label}</p>
          <p className={item.emphasis ? 'text-xl font-bold text-sea-900' : 'text-lg font-semibold text-slate-900'}>{item.value}</p>
        </div>
      ))}
    </section>
  );
}
