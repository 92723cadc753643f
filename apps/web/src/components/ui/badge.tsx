import clsx from 'clsx';
import type { ReactNode } from 'react';

const TONES = {
  neutral: 'bg-slate-100 text-slate-700',
  sea: 'bg-sea-100 text-sea-800',
  green: 'bg-emerald-100 text-emerald-800',
  yellow: 'bg-amber-100 text-amber-800',
  red: 'bg-rose-100 text-rose-800',
  purple: 'bg-violet-100 text-violet-800',
} as const;

export type BadgeTone = keyof typeof TONES;

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={clsx('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold', TONES[tone])}>{children}</span>;
}
