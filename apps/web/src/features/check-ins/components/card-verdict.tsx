// The answer after reading a card, large enough to read at arm's length: the verdict in words with an
// icon and a colour (never the colour alone), the holder, the card, today's booking and the last entrance.
// A valid card whose holder lacks the certificate required to play reads in its own colour and icon; an
// overdue school instalment of the holder's is a warning under it (the entrance is still recorded).
import { CHECK_IN_VERDICT_LABELS, MEMBERSHIP_TYPE_LABELS, type TCheckInLookup, type TCheckInVerdict } from '@beach/contracts';
import clsx from 'clsx';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleHelp from 'lucide-react/icons/circle-question-mark';
import CircleX from 'lucide-react/icons/circle-x';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import Clock from 'lucide-react/icons/clock';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import type { ComponentType } from 'react';
import { formatDate, formatTime } from '../../../lib/format';

const VERDICT_LOOK: Record<TCheckInVerdict, { classes: string; Icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }> }> = {
  valid: { classes: 'border-emerald-600 bg-emerald-50 text-emerald-900', Icon: CircleCheck },
  not_yet_valid: { classes: 'border-amber-500 bg-amber-50 text-amber-900', Icon: Clock },
  expired: { classes: 'border-coral-600 bg-rose-50 text-rose-900', Icon: CircleX },
  withdrawn: { classes: 'border-coral-600 bg-rose-50 text-rose-900', Icon: CircleX },
  unknown: { classes: 'border-slate-500 bg-slate-100 text-slate-900', Icon: CircleHelp },
};

/** A valid card whose holder may not play (no valid certificate while one is required): never the green of "Tessera valida". */
const CERTIFICATE_WARNING_LOOK = { classes: 'border-orange-600 bg-orange-50 text-orange-950', Icon: ShieldAlert, title: 'Tessera valida, certificato medico non valido' };

/** The verdict as the desk must read it: the card's, unless the certificate stops the holder from playing. */
const verdictTitle = (answer: TCheckInLookup) => (answer.verdict === 'valid' && answer.medical_certificate?.warning ? CERTIFICATE_WARNING_LOOK.title : CHECK_IN_VERDICT_LABELS[answer.verdict]);

export function CardVerdict({ answer }: { answer: TCheckInLookup }) {
  const warned = answer.verdict === 'valid' && Boolean(answer.medical_certificate?.warning);
  const { classes, Icon } = warned ? CERTIFICATE_WARNING_LOOK : VERDICT_LOOK[answer.verdict];
  const { card } = answer;
  return (
    <section aria-labelledby="verdict-title" aria-live="polite" className={clsx('space-y-3 rounded-2xl border-4 p-5', classes)}>
      <h2 id="verdict-title" className="flex items-center gap-3 text-3xl font-extrabold sm:text-4xl">
        <Icon aria-hidden className="h-10 w-10 shrink-0 sm:h-12 sm:w-12" />
        {verdictTitle(answer)}
      </h2>
      {answer.reason && <p className="text-lg">{answer.reason}</p>}
      {card && (
        <dl className="grid gap-x-6 gap-y-2 text-lg sm:grid-cols-2">
          <div className="sm:col-span-2">
            <dt className="sr-only">Titolare</dt>
            <dd className="text-3xl font-bold text-slate-900">{card.holder}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium uppercase tracking-wide opacity-80">Tessera</dt>
            <dd className="font-semibold">
              {MEMBERSHIP_TYPE_LABELS[card.type]} · <span className="font-mono">{card.membership_number}</span>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium uppercase tracking-wide opacity-80">Validità</dt>
            <dd className="font-semibold">
              dal {formatDate(card.start_date)} al {formatDate(card.end_date)}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-sm font-medium uppercase tracking-wide opacity-80">Prenotazione di oggi</dt>
            <dd className="font-semibold">
              {answer.bookings_today.length === 0
                ? 'Nessuna'
                : answer.bookings_today.map((booking) => `Campo ${booking.court.code} · ${booking.start}–${booking.end}`).join(', ')}
            </dd>
          </div>
          {answer.school_session && (
            <div className="sm:col-span-2">
              <dt className="text-sm font-medium uppercase tracking-wide opacity-80">Scuola</dt>
              <dd className="font-semibold">{answer.school_session}</dd>
            </div>
          )}
          {answer.medical_certificate && (
            <div className="sm:col-span-2">
              <dt className="text-sm font-medium uppercase tracking-wide opacity-80">Certificato medico</dt>
              <dd className="font-semibold">{answer.medical_certificate.label}</dd>
            </div>
          )}
        </dl>
      )}
      {answer.medical_certificate?.warning && (
        <p role="alert" className="flex items-start gap-3 rounded-xl border-4 border-orange-600 bg-white p-4 text-xl font-extrabold text-orange-950 sm:text-2xl">
          <TriangleAlert aria-hidden className="h-8 w-8 shrink-0 text-orange-700 sm:h-9 sm:w-9" />
          {answer.medical_certificate.warning}
        </p>
      )}
      {answer.instalment_warning && (
        <p role="alert" className="flex items-start gap-3 rounded-xl border-2 border-amber-600 bg-white p-3 text-lg font-bold text-amber-950">
          <TriangleAlert aria-hidden className="h-7 w-7 shrink-0 text-amber-700" />
          {answer.instalment_warning}
        </p>
      )}
      {answer.last_check_in_at && <p className="text-lg font-semibold">Già entrato oggi alle {formatTime(answer.last_check_in_at)}</p>}
    </section>
  );
}
