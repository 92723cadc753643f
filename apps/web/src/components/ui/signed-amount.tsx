// An amount added (green, "+5,00 €") or taken (red, "-2,50 €"); zero, or `muted` (money set aside, not
// spent), in neither colour.
import clsx from 'clsx';
import { formatSignedCents } from '../../lib/format';

const toneOf = (cents: number) => (cents > 0 ? 'text-emerald-700' : cents < 0 ? 'text-red-700' : 'text-slate-800');

export function SignedAmount({ cents, muted = false }: { cents: number; muted?: boolean }) {
  return <span className={clsx('font-semibold whitespace-nowrap tabular-nums', muted ? 'text-slate-500' : toneOf(cents))}>{formatSignedCents(cents)}</span>;
}
