// One course of /scuola: what, when, where, places left and today's price; the whole card opens its detail.
import { titleIn, type TOpenCourse } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate, formatMoney } from '../../../lib/format';
import { courseLevelText } from '../course-levels';
import { WEEKDAY_LABELS } from '../labels';

export function scheduleOf(course: TOpenCourse, say: (label: (typeof WEEKDAY_LABELS)[number]) => string) {
  return `${course.weekdays.map((day) => say(WEEKDAY_LABELS[day - 1]!)).join(', ')} · ${course.start_time}`;
}

export function CourseCard({ course, onOpen }: { course: TOpenCourse; onOpen: () => void }) {
  const { i18n } = useLingui();
  const from = formatDate(course.starts_on);
  const to = formatDate(course.ends_on);
  const places = course.places_left;
  const price = formatMoney(course.price_now);
  return (
    <button type="button" onClick={onOpen} className="w-full space-y-2 rounded-2xl bg-white p-5 text-left shadow ring-1 ring-slate-200 hover:ring-sea-400 focus:outline-none focus:ring-2 focus:ring-sea-600">
      <h2 className="text-lg font-semibold text-sea-900">{titleIn(i18n.locale, course)}</h2>
      <p className="text-sm text-slate-600">
        {[course.level && courseLevelText(i18n, course.level), course.coach_first_name].filter(Boolean).join(' · ')}
      </p>
      <p className="text-sm text-slate-700">{scheduleOf(course, (label) => i18n._(label))} · {course.courts.join(', ')}</p>
      <p className="text-sm text-slate-700"><Trans>Dal {from} al {to}</Trans></p>
      <div className="flex items-center justify-between pt-1">
        <span className="text-sm font-medium text-slate-700">{places > 0 ? <Trans>{places} posti liberi</Trans> : <Trans>Al completo · Lista d’attesa</Trans>}</span>
        <span className="text-lg font-bold text-sea-900">{price}</span>
      </div>
    </button>
  );
}
