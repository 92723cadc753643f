// One camp week of /scuola (docs/school.md#camps): its days and hours, its age bands with their places
// left, the price (a late fee included once it applies) and the money terms; the whole card opens it.
import { titleIn, type TOpenCourse } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate, formatDayRange, formatMoney } from '../../../lib/format';

/** "09:00–17:00": the start and the end of each day, Rome time. */
export function campHours(course: Pick<TOpenCourse, 'start_time' | 'duration_minutes'>) {
  const [hours, minutes] = course.start_time.split(':').map(Number) as [number, number];
  const end = hours * 60 + minutes + course.duration_minutes;
  return `${course.start_time}–${String(Math.floor(end / 60) % 24).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
}

/** Each band's ages and places left: "6–10 anni: 12 posti". */
export function CampBands({ course }: { course: TOpenCourse }) {
  return (
    <ul className="space-y-0.5 text-sm text-slate-700">
      {course.bands.map((band) => {
        const { min_age: from, max_age: to, places_left: places } = band;
        return (
          <li key={from}>
            {places > 0 ? <Trans>{from}–{to} anni: {places} posti</Trans> : <Trans>{from}–{to} anni: al completo</Trans>}
          </li>
        );
      })}
    </ul>
  );
}

/** The deposit and balance, the sibling discount and the late fee, as far as the camp asks them. */
export function CampTerms({ course }: { course: TOpenCourse }) {
  const deposit = course.deposit && formatMoney(course.deposit);
  const balanceBy = course.balance_due_on && formatDate(course.balance_due_on);
  const discount = course.sibling_discount_percent;
  const lateFee = formatMoney(course.late_fee);
  const lateFrom = course.late_fee_from && formatDate(course.late_fee_from);
  return (
    <ul className="space-y-0.5 text-sm text-slate-600">
      {deposit && balanceBy && <li><Trans>Acconto {deposit} all’iscrizione, saldo entro il {balanceBy}</Trans></li>}
      {discount > 0 && <li><Trans>Sconto fratelli: {discount}% dal secondo figlio</Trans></li>}
      {lateFrom && course.late_fee !== '0.00' && <li><Trans>Iscrizioni dal {lateFrom}: {lateFee} in più</Trans></li>}
    </ul>
  );
}

export function CampCard({ course, onOpen }: { course: TOpenCourse; onOpen: () => void }) {
  const { i18n } = useLingui();
  const price = formatMoney(course.price_now);
  return (
    <button type="button" onClick={onOpen} className="w-full space-y-2 rounded-2xl bg-white p-5 text-left shadow ring-1 ring-slate-200 hover:ring-sea-400 focus:outline-none focus:ring-2 focus:ring-sea-600">
      <h3 className="text-lg font-semibold text-sea-900">{titleIn(i18n.locale, course)}</h3>
      <p className="text-sm font-medium text-slate-800">{formatDayRange(course.starts_on, course.ends_on)}</p>
      <p className="text-sm text-slate-700">{campHours(course)} · {course.courts.join(', ')}</p>
      <CampBands course={course} />
      <CampTerms course={course} />
      <div className="flex items-center justify-between pt-1">
        <span className="text-sm font-medium text-slate-700">{course.places_left > 0 ? <Trans>a settimana</Trans> : <Trans>Al completo</Trans>}</span>
        <span className="text-lg font-bold text-sea-900">{price}</span>
      </div>
    </button>
  );
}
