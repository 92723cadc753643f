// /lezioni-private (members, it/de/en): the coaches' open private lessons on the D courts, each with
// "Prenota" — a hold of the court at the coach's price, paid on the booking's payment page, where the
// member may invite up to three others to split it (docs/school.md#private-lessons).
import type { Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { generatePath, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loaded } from '../../../components/ui/loaded';
import { paths } from '../../../config/paths';
import { serverMessage } from '../../../lib/api-errors';
import { formatDateTime, formatMoney, formatTime } from '../../../lib/format';
import { localizedTo } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useBookLesson, useOpenLessons } from '../api/private-lessons';

function LessonTerms({ court, coach, price }: { court: string; coach: string; price: string }) {
  return <p className="text-sm text-slate-600"><Trans>Campo {court} · con {coach} · {price}</Trans></p>;
}

export default function PrivateLessonsPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Lezioni private`);
  const lessons = useOpenLessons();
  const book = useBookLesson();
  const navigate = useNavigate();

  const reserve = (id: number) =>
    book.mutate(id, { onSuccess: ({ booking_id }) => navigate(localizedTo(i18n.locale as Locale, generatePath(paths.bookingPayment, { bookingId: String(booking_id) }))) });

  return (
    <section className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold text-sea-900"><Trans>Lezioni private</Trans></h1>
        <p className="mt-1 text-slate-600"><Trans>Una lezione con un nostro allenatore, da soli o fino a quattro persone: il prezzo è per la lezione e potete dividerlo al pagamento.</Trans></p>
      </div>
      {book.error && <Alert tone="error">{serverMessage(book.error) ?? t`Non è stato possibile prenotare la lezione.`}</Alert>}
      <Loaded read={lessons} failed={t`Non è stato possibile caricare le lezioni.`}>
        {(list) =>
          list.length === 0 ? (
            <Alert><Trans>Al momento non ci sono lezioni private libere.</Trans></Alert>
          ) : (
            <ul className="space-y-3">
              {list.map((lesson) => (
                <li key={lesson.id} className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                  <div>
                    <p className="font-bold text-sea-900">{`${formatDateTime(lesson.starts_at)}–${formatTime(lesson.ends_at)}`}</p>
                    <LessonTerms court={lesson.court} coach={lesson.coach_name} price={formatMoney(lesson.price)} />
                  </div>
                  <Button loading={book.isPending && book.variables === lesson.id} disabled={book.isPending} onClick={() => reserve(lesson.id)} className="min-h-11">
                    <Trans>Prenota</Trans>
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}
