// The day's grid (docs/domain.md#slots-and-bands): courts across, 1h30 slots down, every cell a clear state.
// Free cells are buttons (with court, time, state and price in their name); the time column stays put while
// the courts scroll sideways on a phone.
import type { TAvailability, TAvailabilityCell, TCellState } from '@beach/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import clsx from 'clsx';
import { formatLongDate, formatMoney } from '../../../lib/format';

export interface Selection {
  courtId: number;
  start: number;
  count: number;
  fullDay: boolean;
}

const STATE_TEXT: Record<Exclude<TCellState, 'free'>, MessageDescriptor> = {
  taken: msg`Occupato`,
  mine: msg`Tua`,
  past: msg`Passato`,
  closed: msg`Chiuso`,
  out_of_season: msg`Fuori stagione`,
  unavailable: msg`Non disponibile`,
};

/** The same states inside a cell's spoken name ("Campo A1, 09:00–10:30: chiuso"). */
const STATE_SPOKEN: Record<Exclude<TCellState, 'free' | 'taken'>, MessageDescriptor> = {
  mine: msg`tua`,
  past: msg`passato`,
  closed: msg`chiuso`,
  out_of_season: msg`fuori stagione`,
  unavailable: msg`non disponibile`,
};

const STATE_CLASSES: Record<Exclude<TCellState, 'free'>, string> = {
  taken: 'bg-slate-200 text-slate-600',
  mine: 'bg-sea-100 text-sea-900 font-semibold',
  past: 'bg-slate-50 text-slate-500',
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a class list: the gradient's commas are not words.
  closed: 'bg-[repeating-linear-gradient(45deg,#fee2e2,#fee2e2_6px,#fef2f2_6px,#fef2f2_12px)] text-coral-700',
  out_of_season: 'bg-slate-50 text-slate-500',
  unavailable: 'bg-slate-50 text-slate-500',
};

export const isSelected = (selection: Selection | null, courtId: number, index: number) =>
  selection !== null && selection.courtId === courtId && index >= selection.start && index < selection.start + selection.count;

function Cell({ court, cell, index, selection, onPick, onWait }: { court: TAvailability['courts'][number]; cell: TAvailabilityCell; index: number; selection: Selection | null; onPick: (courtId: number, index: number) => void; onWait: (courtId: number, start: string) => void }) {
  const { i18n, t } = useLingui();
  const time = `${cell.start}–${cell.end}`;
  const courtName = court.name;
  if (cell.state === 'taken') {
    return (
      <td className="p-1">
        {/* Its name is its content, the court and time read before the visible words ("Campo C1, 09:00–10:30:
            Occupato Avvisami"), so it holds what the button shows in every language: speech input matches the
            name against the words on screen. The whole offer is its description (the title). */}
        <button
          type="button"
          title={t`Avvisami se si libera`}
          onClick={() => onWait(court.id, cell.start)}
          className={clsx('flex h-12 w-full flex-col items-center justify-center rounded-lg px-1 text-center text-xs hover:bg-slate-300 focus-visible:outline-2 focus-visible:outline-sea-700', STATE_CLASSES.taken)}
        >
          <span className="sr-only">{`${courtName}, ${time}: `}</span>
          {/* The spaces keep the visible words apart for speech input, which matches them against the name. */}
          <span>{i18n._(STATE_TEXT.taken)}</span>{' '}
          <span className="text-[10px] leading-tight underline">
            <Trans>Avvisami</Trans>
          </span>
        </button>
      </td>
    );
  }
  if (cell.state !== 'free') {
    const state = i18n._(STATE_SPOKEN[cell.state]);
    return (
      <td className="p-1">
        <div aria-label={t`${courtName}, ${time}: ${state}`} className={clsx('flex h-12 items-center justify-center rounded-lg px-1 text-center text-xs', STATE_CLASSES[cell.state])}>
          {i18n._(STATE_TEXT[cell.state])}
        </div>
      </td>
    );
  }
  const selected = isSelected(selection, court.id, index);
  const price = cell.price ? formatMoney(cell.price) : '';
  return (
    <td className="p-1">
      <button
        type="button"
        aria-pressed={selected}
        aria-label={selected ? t`${courtName}, ${time}: scelto, ${price}` : t`${courtName}, ${time}: libero, ${price}`}
        onClick={() => onPick(court.id, index)}
        className={clsx(
          'flex h-12 w-full flex-col items-center justify-center rounded-lg text-xs font-semibold ring-1 transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sea-700',
          selected ? 'bg-sea-700 text-white ring-sea-800' : 'bg-emerald-50 text-emerald-900 ring-emerald-300 hover:bg-emerald-100',
        )}
      >
        <span>{selected ? <Trans>Scelto</Trans> : <Trans>Libero</Trans>}</span>{' '}
        {cell.price && <span className="font-normal">{formatMoney(cell.price)}</span>}
      </button>
    </td>
  );
}

export function AvailabilityGrid({
  availability,
  selection,
  highlighted,
  onPick,
  onFullDay,
  onWait,
}: {
  availability: TAvailability;
  selection: Selection | null;
  /** A court chosen on the home page's map (?campo=). */
  highlighted: string | null;
  onPick: (courtId: number, index: number) => void;
  onFullDay: (courtId: number) => void;
  /** "Avvisami se si libera" on a taken cell. */
  onWait: (courtId: number, start: string) => void;
}) {
  const { t } = useLingui();
  const slots = availability.courts[0]?.cells ?? [];
  const day = formatLongDate(availability.date);
  const dayCells = (court: TAvailability['courts'][number]) => court.cells.filter((cell) => cell.band === 'day');
  return (
    // A region that scrolls sideways on a phone must be reachable from the keyboard to be scrolled.
    <div tabIndex={0} role="region" aria-label={t`Disponibilità dei campi: scorri per vedere tutti i campi`} className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-sea-600">
      <table className="w-full min-w-[36rem] border-separate border-spacing-0 text-sm">
        <caption className="sr-only">
          <Trans>Disponibilità dei campi {day}</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col" className="sticky left-0 z-10 bg-white px-2 py-2 text-left text-xs font-semibold text-slate-500 uppercase">
              <Trans>Orario</Trans>
            </th>
            {availability.courts.map((court) => (
              <th key={court.id} scope="col" className={clsx('px-1 py-2 text-center', court.code === highlighted && 'bg-amber-50')}>
                <span className="block font-bold text-sea-900">{court.code}</span>
                {dayCells(court).every((cell) => cell.state === 'free') ? (
                  <button type="button" onClick={() => onFullDay(court.id)} className="mt-1 rounded px-1 text-xs font-medium text-sea-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-sea-700">
                    <Trans>Giornata intera</Trans>
                  </button>
                ) : (
                  <span className="mt-1 block text-xs text-transparent" aria-hidden="true">
                    ·
                  </span>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {slots.map((slot, index) => (
            <tr key={slot.start} className={slot.band === 'evening' && slots[index - 1]?.band === 'day' ? 'border-t-2' : undefined}>
              <th scope="row" className="sticky left-0 z-10 bg-white px-2 text-left text-xs font-semibold whitespace-nowrap text-slate-700">
                {slot.start}
                <span className="block font-normal text-slate-500">{slot.band === 'evening' ? <Trans>sera</Trans> : slot.end}</span>
              </th>
              {availability.courts.map((court) => (
                <Cell key={court.id} court={court} cell={court.cells[index]!} index={index} selection={selection} onPick={onPick} onWait={onWait} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
