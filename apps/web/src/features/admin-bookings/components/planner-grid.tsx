// The desk's day at a glance (docs/domain.md#desk-planner): a row per court, a column per 1h30 slot. A
// booking spans its slots with the customer's name and payment state; a free slot is a button that books it;
// a course's session is a link to the course; closures and evening slots without lights are marked. The court column stays put while slots scroll
// sideways.
import { COURSE_CLOSURE_PREFIX, PAYMENT_STATE_LABELS, romeInstant, type TAdminBooking, type TDeskMatch, type TPlanner } from '@beach/contracts';
import clsx from 'clsx';
import Plus from 'lucide-react/icons/plus';
import Repeat from 'lucide-react/icons/repeat';
import UserCheck from 'lucide-react/icons/user-check';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { fillStateOf, shortFillStateOf } from '../../admin-open-matches';

const BOOKING_CLASSES: Record<TAdminBooking['payment_state'], string> = {
  paid: 'bg-emerald-100 text-emerald-950 ring-emerald-400',
  unpaid: 'bg-amber-100 text-amber-950 ring-amber-400',
  awaiting_online: 'bg-sky-100 text-sky-950 ring-sky-400',
  refunded: 'bg-violet-100 text-violet-950 ring-violet-400',
  partially_refunded: 'bg-violet-100 text-violet-950 ring-violet-400',
};

type Court = TPlanner['courts'][number];
type SlotSpan = { start: number; end: number };

/** The slots of the planner's day as instants (ms), in Rome time whatever the browser's zone. */
const slotSpans = (planner: TPlanner): SlotSpan[] =>
  planner.slots.map((slot) => ({ start: Date.parse(romeInstant(planner.date, slot.start)), end: Date.parse(romeInstant(planner.date, slot.end)) }));

const covers = (span: SlotSpan, entry: { starts_at: string; ends_at: string }) => Date.parse(entry.starts_at) < span.end && Date.parse(entry.ends_at) > span.start;

type Segment = { index: number; span: number } & ({ kind: 'booking'; booking: TPlanner['bookings'][number] } | { kind: 'closed'; reason: string | null; courseId: number | null } | { kind: 'dark' } | { kind: 'free' });

/** A court's row: each booking as one segment over its slots, then closures, darkness or free slots. */
function segmentsOf(planner: TPlanner, spans: SlotSpan[], court: Court): Segment[] {
  const segments: Segment[] = [];
  for (let index = 0; index < planner.slots.length; ) {
    const span = spans[index]!;
    const booking = planner.bookings.find((entry) => entry.court.id === court.id && covers(span, entry));
    if (booking) {
      const length = spans.slice(index).filter((next) => covers(next, booking)).length;
      segments.push({ kind: 'booking', booking, index, span: Math.max(length, 1) });
      index += Math.max(length, 1);
      continue;
    }
    const closure = planner.closures.find((entry) => entry.court_id === court.id && covers(span, entry));
    if (closure) segments.push({ kind: 'closed', reason: closure.reason, courseId: closure.course_id, index, span: 1 });
    else if (planner.slots[index]!.band === 'evening' && !court.has_lights) segments.push({ kind: 'dark', index, span: 1 });
    else segments.push({ kind: 'free', index, span: 1 });
    index += 1;
  }
  return segments;
}

type Handlers = { onBook: (court: Court, slotIndex: number) => void; onOpen: (booking: TAdminBooking) => void };
/** The day's open matches by their booking (docs/open-matches.md#the-desk): a match's booking shows its fill state. */
type Matches = { matches?: ReadonlyMap<number, TDeskMatch> };

function SegmentCell({ segment, court, slot, over, onBook, onOpen, matches }: { segment: Segment; court: Court; slot: TPlanner['slots'][number]; over: boolean } & Handlers & Matches) {
  if (segment.kind === 'booking') {
    const { booking } = segment;
    const match = matches?.get(booking.id);
    return (
      <button
        type="button"
        onClick={() => onOpen(booking)}
        title={`${booking.customer.name} · ${booking.start}–${booking.end}${match ? ` · ${fillStateOf(match)}` : ''}`}
        className={clsx('flex h-14 w-full flex-col items-start justify-center overflow-hidden rounded-md px-2 text-left ring-1 hover:brightness-95 focus-visible:outline-2 focus-visible:outline-sea-700', BOOKING_CLASSES[booking.payment_state])}
      >
        <span className="sr-only">{court.name}, </span>
        <span className="flex w-full items-center gap-1 font-semibold">
          {booking.recurring_booking_id && <Repeat aria-hidden="true" className="h-3 w-3 shrink-0" />}
          <span className="truncate">{booking.customer.name}</span>
        </span>
        {/* Under the time, on a line of its own (beside the name it left a one-slot booking only the initial); read right after the name. */}
        {booking.checked_in && (
          <span className="order-last flex shrink-0 items-center gap-0.5 rounded bg-white px-1 text-[11px] leading-4 font-bold text-emerald-800 ring-1 ring-emerald-700">
            <UserCheck aria-hidden="true" className="h-3 w-3" />
            presente
          </span>
        )}
        <span className="w-full truncate">
          {booking.start}–{booking.end} · {PAYMENT_STATE_LABELS[booking.payment_state]}
        </span>
        {match && <span className="w-full truncate font-semibold">{shortFillStateOf(match)}</span>}
      </button>
    );
  }
  if (segment.kind === 'closed' && segment.courseId !== null) {
    // A course's session: drawn apart from closures, it opens the course (its sessions, its people).
    const name = segment.reason?.startsWith(COURSE_CLOSURE_PREFIX) ? segment.reason.slice(COURSE_CLOSURE_PREFIX.length) : (segment.reason ?? '');
    return (
      <Link
        to={`${paths.admin.courses}?corso=${segment.courseId}`}
        title={segment.reason ?? undefined}
        aria-label={`${court.name}: corso ${name}`}
        className="flex h-14 min-w-0 flex-col items-center justify-center rounded-md bg-indigo-100 px-1 text-center leading-tight text-indigo-900 ring-1 ring-indigo-300 hover:bg-indigo-200 focus-visible:outline-2 focus-visible:outline-sea-700"
      >
        <span className="text-[10px] font-semibold uppercase">Corso</span>
        <span className="line-clamp-2 text-[11px] font-semibold break-words">{name}</span>
      </Link>
    );
  }
  if (segment.kind === 'closed') {
    return (
      <div title={segment.reason ?? undefined} className="flex h-14 items-center justify-center rounded-md bg-[repeating-linear-gradient(45deg,#fee2e2,#fee2e2_6px,#fef2f2_6px,#fef2f2_12px)] font-semibold text-coral-700">
        Chiuso
      </div>
    );
  }
  if (segment.kind === 'dark' || over) {
    return <div className="flex h-14 items-center justify-center rounded-md bg-slate-100 text-slate-600">{segment.kind === 'dark' ? 'Senza luci' : ''}</div>;
  }
  return (
    <button
      type="button"
      onClick={() => onBook(court, segment.index)}
      aria-label={`Prenota ${court.name} alle ${slot.start}`}
      className="flex h-14 w-full items-center justify-center rounded-md border border-dashed border-slate-300 text-slate-400 hover:border-sea-600 hover:bg-sea-50 hover:text-sea-700 focus-visible:outline-2 focus-visible:outline-sea-700"
    >
      <Plus aria-hidden="true" className="h-4 w-4" />
    </button>
  );
}

/** `now`: when the planner was read (slots already over are not offered). */
export function PlannerGrid({ planner, now, onBook, onOpen, matches }: { planner: TPlanner; now: number } & Handlers & Matches) {
  const spans = slotSpans(planner);
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[64rem] table-fixed border-separate border-spacing-1 text-xs">
        <caption className="sr-only">Planner del giorno: campi e fasce orarie</caption>
        <thead>
          <tr>
            <th scope="col" className="sticky left-0 z-10 w-28 bg-white px-2 py-2 text-left font-semibold text-slate-600">
              Campo
            </th>
            {planner.slots.map((slot) => (
              <th key={slot.start} scope="col" className={clsx('px-1 py-2 text-center font-semibold', slot.band === 'evening' ? 'text-indigo-700' : 'text-slate-600')}>
                {slot.start}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {planner.courts.map((court) => (
            <tr key={court.id}>
              <th scope="row" className="sticky left-0 z-10 bg-white px-2 text-left align-middle">
                <span className="block font-semibold text-slate-900">{court.name}</span>
                <span className="block text-slate-500">
                  {court.code}
                  {!court.is_bookable && ' · solo segreteria'}
                </span>
              </th>
              {segmentsOf(planner, spans, court).map((segment) => (
                <td key={segment.index} colSpan={segment.span}>
                  <SegmentCell segment={segment} court={court} slot={planner.slots[segment.index]!} over={spans[segment.index]!.end <= now} onBook={onBook} onOpen={onOpen} matches={matches} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
