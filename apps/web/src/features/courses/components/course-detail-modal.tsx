// One course (docs/school.md#sessions): what it is, its sessions, and for the admin its actions —
// edit, publish or withdraw, cancel the course (everyone refunded in full), cancel one session with a
// reason and a make-up credit or none, or move it (session-actions.tsx).
import { romeToday, WEEKDAY_SHORT_LABELS, type TCourse } from '@beach/contracts';
import { useState } from 'react';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import { DetailSection } from '../../../components/admin/detail-modal';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { formFailure } from '../../../lib/api-errors';
import { formatDate, formatMoney, formatShortDay, formatTime, todayInRome } from '../../../lib/format';
import { useCancelCourse, useCourse, usePublishCourse } from '../api/courses';
import { CourseWaitlistList } from './course-waitlist-list';
import { SessionActions } from './session-actions';
import { SignInSheetButton } from '../../school-reports';

const FAILED = 'Si è verificato un errore. Riprova più tardi.';

/** "8–12 anni", "da 16 anni", "fino a 12 anni", or nothing. */
const ageBand = (from: number | null, to: number | null) =>
  from !== null && to !== null ? `${from}–${to} anni` : from !== null ? `da ${from} anni` : to !== null ? `fino a ${to} anni` : null;

/** A camp week's bands and money terms (docs/school.md#camps), as far as it has them. */
const campItems = (course: TCourse) => [
  { label: 'Tipo', value: 'Centro estivo' },
  { label: 'Fasce d’età', value: course.bands.map((band) => `${band.min_age}–${band.max_age} anni: ${band.places_taken}/${band.capacity}`).join(' · ') },
  { label: 'Acconto', value: course.deposit && course.balance_due_on ? `${formatMoney(course.deposit)}, saldo entro il ${formatDate(course.balance_due_on)}` : null },
  { label: 'Sconto fratelli', value: course.sibling_discount_percent > 0 ? `${course.sibling_discount_percent}%` : null },
  { label: 'Iscrizione tardiva', value: course.late_fee_from ? `+${formatMoney(course.late_fee)} dal ${formatDate(course.late_fee_from)}` : null },
  { label: 'Verifica del minimo', value: course.minimum_check_on ? formatDate(course.minimum_check_on) : null },
];

export function CourseDetailModal({ courseId, isAdmin, onEdit, onClose, notify }: { courseId: number; isAdmin: boolean; onEdit: (course: TCourse) => void; onClose: () => void; notify: (message: string) => void }) {
  const detail = useCourse(courseId);
  const { confirm, dialog } = useConfirm();
  const publish = usePublishCourse();
  const cancelCourse = useCancelCourse();
  const [failure, setFailure] = useState<string | null>(null);

  async function run(work: () => Promise<unknown>, done: string) {
    setFailure(null);
    try {
      await work();
      notify(done);
    } catch (error) {
      setFailure(formFailure(error, [], FAILED).message ?? FAILED);
    }
  }

  const course = detail.data;
  const today = todayInRome();
  return (
    <Modal open size="lg" title={course ? course.name : 'Corso'} onClose={onClose}>
      {!course ? (
        <Spinner />
      ) : (
        <div className="space-y-4">
          {failure && <Alert tone="error">{failure}</Alert>}
          <DetailSection
            title="Il corso"
            items={[
              { label: 'Stato', value: course.cancelled ? 'Annullato' : course.published ? 'Pubblicato' : 'Non pubblicato' },
              { label: 'Allenatore', value: course.coach?.name ?? 'Nessuno' },
              { label: 'Livello', value: course.level },
              { label: 'Età', value: ageBand(course.min_age, course.max_age) },
              { label: 'Quando', value: `${course.weekdays.map((day) => WEEKDAY_SHORT_LABELS[day - 1]).join(', ')} ${course.start_time}, ${course.duration_minutes} min` },
              { label: 'Periodo', value: `dal ${formatDate(course.starts_on)} al ${formatDate(course.ends_on)}` },
              { label: 'Campi', value: course.court_codes.join(', ') },
              { label: 'Posti', value: `${course.places_taken} occupati su ${course.max_participants} (minimo ${course.min_participants})` },
              { label: 'Prezzo', value: `${formatMoney(course.price)}${course.lesson_price ? ` · lezione ${formatMoney(course.lesson_price)}` : ''}${course.trial_allowed ? ' · prova ammessa' : ''}` },
              ...(course.offer === 'camp' ? campItems(course) : []),
            ]}
          />
          {isAdmin && !course.cancelled && (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => onEdit(course)}>
                Modifica
              </Button>
              <Button variant="secondary" loading={publish.isPending} onClick={() => void run(() => publish.mutateAsync({ id: course.id, published: !course.published }), course.published ? 'Corso ritirato.' : 'Corso pubblicato.')}>
                {course.published ? 'Ritira dalla pubblicazione' : 'Pubblica'}
              </Button>
              <Button
                variant="danger"
                onClick={async () => {
                  // Every enrolment goes with it and everything paid comes back in full (docs/school.md#minimum).
                  const refunds = ' Ogni iscrizione è annullata e ogni pagamento restituito per intero (la carta sulla carta, il resto sul credito del socio); ogni pagante riceve un’e-mail.';
                  if (await confirm({ title: 'Annulla corso', message: `Annullare il corso ${course.name}? Le lezioni future sono annullate e i campi liberati.${refunds}`, confirmLabel: 'Annulla corso', cancelLabel: 'Indietro', tone: 'danger' })) {
                    await run(() => cancelCourse.mutateAsync(course.id), 'Corso annullato.');
                  }
                }}
              >
                Annulla corso
              </Button>
            </div>
          )}
          <section aria-label="Lezioni" className="rounded-lg border border-slate-200 p-4">
            <h3 className="text-sm font-semibold tracking-wide text-sea-800 uppercase">Lezioni ({course.sessions.length})</h3>
            <ul className="mt-2 max-h-80 divide-y divide-slate-100 overflow-y-auto">
              {course.sessions.map((session) => (
                <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <span>
                    {formatShortDay(romeToday(new Date(session.starts_at)))} · {formatTime(session.starts_at)}–{formatTime(session.ends_at)}
                    {session.cancelled_at && <span className="block text-xs text-slate-500">Annullata: {session.cancel_reason}</span>}
                  </span>
                  {!session.cancelled_at && <SignInSheetButton sessionId={session.id} courseId={course.id} />}
                  {session.cancelled_at ? (
                    <Badge>Annullata</Badge>
                  ) : (
                    isAdmin && romeToday(new Date(session.starts_at)) >= today && <SessionActions courseId={course.id} session={session} notify={notify} />
                  )}
                </li>
              ))}
            </ul>
          </section>
          <CourseWaitlistList courseId={course.id} />
        </div>
      )}
      {dialog}
    </Modal>
  );
}
