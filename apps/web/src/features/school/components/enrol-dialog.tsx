// A course's detail with the enrol action (/scuola): who (the member or one of their children), how (the
// whole course, one lesson or a trial), which session; the price is the server's. A paid enrolment then
// holds its place until paid, by card (Stripe's page) or with credit.
import { titleIn, type TEnrolment, type TEnrolmentKind, type TMoney, type TOpenCourse } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-transport';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useEnrol, useParticipants } from '../api/enrolments';
import { courseLevelText } from '../course-levels';
import { KIND_LABELS } from '../labels';
import { scheduleOf } from './course-card';
import { PayEnrolment } from './pay-enrolment';
import { EnrolOrSignIn } from './enrol-or-sign-in';
import { DebtNotice } from '../../credit';

/** The kinds the course offers, with what each costs now. */
export function offeredKinds(course: TOpenCourse): { kind: TEnrolmentKind; price: string }[] {
  return [
    ...(course.places_left > 0 ? [{ kind: 'course' as const, price: course.price_now }] : []),
    ...(course.lesson_price === null ? [] : [{ kind: 'lesson' as const, price: course.lesson_price }]),
    ...(course.trial_allowed ? [{ kind: 'trial' as const, price: '0.00' }] : []),
  ];
}

export function EnrolDialog({ course, onClose }: { course: TOpenCourse; onClose: () => void }) {
  const { i18n } = useLingui();
  const from = formatDateTime(course.sessions[0]?.starts_at ?? course.starts_on);
  const ages = course.min_age !== null || course.max_age !== null ? `${course.min_age ?? ''}–${course.max_age ?? ''}` : null;
  return (
    <Modal open title={titleIn(i18n.locale, course)} onClose={onClose}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {course.level && <><dt className="text-slate-500"><Trans>Livello</Trans></dt><dd>{courseLevelText(i18n, course.level)}</dd></>}
        {ages && <><dt className="text-slate-500"><Trans>Età</Trans></dt><dd>{ages}</dd></>}
        {course.coach_first_name && <><dt className="text-slate-500"><Trans>Allenatore</Trans></dt><dd>{course.coach_first_name}</dd></>}
        <dt className="text-slate-500"><Trans>Quando</Trans></dt><dd>{scheduleOf(course, (label) => i18n._(label))}</dd>
        <dt className="text-slate-500"><Trans>Campi</Trans></dt><dd>{course.courts.join(', ')}</dd>
        <dt className="text-slate-500"><Trans>Prossima lezione</Trans></dt><dd>{from}</dd>
        <dt className="text-slate-500"><Trans>Posti liberi</Trans></dt><dd>{course.places_left}</dd>
      </dl>
      <div className="mt-4">
        <EnrolOrSignIn courseId={course.id} full={course.places_left === 0}>
          <EnrolForm course={course} />
        </EnrolOrSignIn>
      </div>
    </Modal>
  );
}

function EnrolForm({ course }: { course: TOpenCourse }) {
  const { i18n, t } = useLingui();
  const participants = useParticipants(true);
  const enrol = useEnrol();
  const kinds = offeredKinds(course);
  const [who, setWho] = useState('');
  const [kind, setKind] = useState<TEnrolmentKind>(kinds[0]?.kind ?? 'course');
  const [sessionId, setSessionId] = useState(String(course.sessions.find((session) => session.places_left > 0)?.id ?? ''));
  const [failure, setFailure] = useState('');
  const [made, setMade] = useState<{ message: string; enrolment: TEnrolment; debt: TMoney | null } | null>(null);
  if (made) {
    return (
      <div className="space-y-3">
        <DebtNotice debt={made.debt} />
        {made.enrolment.status === 'confirmed' ? <Alert tone="success">{made.message}</Alert> : <PayEnrolment enrolment={made.enrolment} notice={made.message} />}
      </div>
    );
  }
  if (kinds.length === 0) return <Alert><Trans>Corso al completo.</Trans></Alert>;
  const price = formatMoney(kinds.find((row) => row.kind === kind)?.price ?? '0.00');
  const meLabel = (name: string) => t`Io (${name})`;
  const whoOptions = (participants.data ?? []).map((row) => ({ value: row.child_id === null ? '' : String(row.child_id), label: row.child_id === null ? meLabel(row.name) : row.name }));
  const onSubmit = async () => {
    setFailure('');
    try {
      setMade(await enrol.mutateAsync({ course_id: course.id, kind, child_id: who === '' ? null : Number(who), session_id: kind === 'course' ? null : Number(sessionId) }));
    } catch (error) {
      setFailure(error instanceof ApiError ? (error.errors ? error.details : error.message) : t`Non è stato possibile completare l’iscrizione. Riprova più tardi.`);
    }
  };
  return (
    <div className="space-y-3">
      {failure && <Alert tone="error"><span className="whitespace-pre-line">{failure}</span></Alert>}
      <Select label={t`Chi iscrivi`} options={whoOptions} value={who} onValueChange={setWho} />
      <Select label={t`Come`} options={kinds.map((row) => ({ value: row.kind, label: i18n._(KIND_LABELS[row.kind]) }))} value={kind} onValueChange={setKind} />
      {kind !== 'course' && (
        <Select label={t`Lezione`} options={course.sessions.filter((session) => session.places_left > 0).map((session) => ({ value: String(session.id), label: formatDateTime(session.starts_at) }))} value={sessionId} onValueChange={setSessionId} />
      )}
      <p className="text-lg font-semibold text-sea-900">
        <Trans>Prezzo: {price}</Trans>
      </p>
      <Button onClick={() => void onSubmit()} loading={enrol.isPending} loadingText={t`Iscrizione...`}>
        <Trans>Iscrivi</Trans>
      </Button>
    </div>
  );
}
