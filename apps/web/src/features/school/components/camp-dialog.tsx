// A camp week's detail with the enrol action (/scuola, docs/school.md#camps): the parent ticks one or more
// of their family of an age the camp takes, and each is enrolled in turn (its own request: the band, the sibling
// discount and the late fee are the server's); the dialog then says who got a place and who did not, and
// why, with the price each got (the sibling discount shows on the second), and leads to /profilo, where each
// enrolment is paid (the deposit, then the balance). A full band offers the waiting list.
import { ageOn, titleIn, type TMoney, type TOpenCourse, type TParticipant } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-transport';
import { formatDayRange, formatMoney } from '../../../lib/format';
import { localizedTo } from '../../../lib/i18n';
import type { Locale } from '@beach/i18n';
import { useEnrol, useParticipants } from '../api/enrolments';
import { CampBands, campHours, CampTerms } from './camp-card';
import { EnrolOrSignIn } from './enrol-or-sign-in';
import { DebtNotice } from '../../credit';
import { SiblingDiscount } from './sibling-discount';

/** What became of one person's enrolment: the server's message either way, and the price it got. */
export interface CampOutcome {
  name: string;
  enrolled: boolean;
  message: string;
  amount: string | null;
  /** The sibling discount it got, if enrolled. */
  discount: TMoney | null;
}

export function CampDialog({ course, onClose }: { course: TOpenCourse; onClose: () => void }) {
  const { i18n } = useLingui();
  const price = formatMoney(course.price_now);
  return (
    <Modal open title={titleIn(i18n.locale, course)} onClose={onClose}>
      <div className="space-y-2">
        <p className="font-medium text-slate-800">{formatDayRange(course.starts_on, course.ends_on)} · {campHours(course)}</p>
        <p className="text-sm text-slate-700">{course.courts.join(', ')}</p>
        <CampBands course={course} />
        <CampTerms course={course} />
        <p className="text-lg font-semibold text-sea-900"><Trans>Prezzo a settimana: {price}</Trans></p>
      </div>
      <div className="mt-4">
        <EnrolOrSignIn courseId={course.id} full={course.bands.some((band) => band.places_left === 0)}>
          <CampEnrolForm course={course} />
        </EnrolOrSignIn>
      </div>
    </Modal>
  );
}

const keyOf = (participant: TParticipant) => String(participant.child_id ?? 'me');

/** Whether the camp has a band for the person's age on its first day (the server checks it again). */
export const campTakes = (course: Pick<TOpenCourse, 'starts_on' | 'bands'>, person: TParticipant) => {
  if (!person.birth_date) return false;
  const age = ageOn(person.birth_date, course.starts_on);
  return course.bands.some((band) => band.min_age <= age && age <= band.max_age);
};

function CampEnrolForm({ course }: { course: TOpenCourse }) {
  const { i18n, t } = useLingui();
  const participants = useParticipants(true);
  const enrol = useEnrol();
  const [ticked, setTicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<CampOutcome[] | null>(null);
  const [debt, setDebt] = useState<TMoney | null>(null);
  // Someone got a place in this dialog, in this round or an earlier one: the way to pay stays.
  const [enrolledSome, setEnrolledSome] = useState(false);
  // Only family members of an age the camp takes (docs/school.md#camps): a grown-up parent is not offered.
  const people = (participants.data ?? []).filter((person) => campTakes(course, person));
  const labelOf = ({ child_id: childId, name }: TParticipant) => (childId === null ? t`Io (${name})` : name);
  const enrolTicked = async () => {
    setBusy(true);
    const done: CampOutcome[] = [];
    // One after the other: the second child's request sees the first's place (the sibling discount).
    for (const person of people.filter((row) => ticked.includes(keyOf(row)))) {
      try {
        const made = await enrol.mutateAsync({ course_id: course.id, kind: 'course', child_id: person.child_id });
        setDebt(made.debt);
        done.push({ name: person.name, enrolled: true, message: made.message, amount: made.enrolment.amount, discount: made.enrolment.sibling_discount });
      } catch (error) {
        const message = error instanceof ApiError ? (error.errors ? error.details : error.message) : t`Non è stato possibile completare l’iscrizione. Riprova più tardi.`;
        done.push({ name: person.name, enrolled: false, message, amount: null, discount: null });
      }
    }
    setOutcomes(done);
    setEnrolledSome((before) => before || done.some((outcome) => outcome.enrolled));
    setTicked([]);
    setBusy(false);
  };
  return (
    <div className="space-y-3">
      {/* What became of each, above the form: a refusal never hides the controls. */}
      {outcomes && (
        <>
          <DebtNotice debt={debt} />
          <ul aria-label={t`Esito delle iscrizioni`} className="space-y-2">
            {outcomes.map((outcome) => (
              <li key={outcome.name}>
                <Alert tone={outcome.enrolled ? 'success' : 'error'}>
                  <span className="font-semibold">{outcome.name}{outcome.amount && ` · ${formatMoney(outcome.amount)}`}:</span> <span className="whitespace-pre-line">{outcome.message}</span>
                  {outcome.discount && <SiblingDiscount amount={outcome.discount} />}
                </Alert>
              </li>
            ))}
          </ul>
          {enrolledSome && (
            <Link to={localizedTo(i18n.locale as Locale, paths.profile)} className={buttonClasses('primary')}>
              <Trans>Vai al profilo per pagare</Trans>
            </Link>
          )}
        </>
      )}
      {course.places_left === 0 ? (
        <Alert><Trans>Centro estivo al completo.</Trans></Alert>
      ) : participants.isSuccess && people.length === 0 ? (
        <Alert><Trans>Nessuno della tua famiglia ha l’età di questo centro estivo. Aggiungi i tuoi figli, con la data di nascita, dal profilo.</Trans></Alert>
      ) : (
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-700"><Trans>Chi iscrivi (uno o più)</Trans></legend>
          {people.map((person) => (
            <Checkbox
              key={keyOf(person)}
              label={labelOf(person)}
              checked={ticked.includes(keyOf(person))}
              onChange={(event) => setTicked(event.target.checked ? [...ticked, keyOf(person)] : ticked.filter((key) => key !== keyOf(person)))}
            />
          ))}
          <Button disabled={ticked.length === 0} onClick={() => void enrolTicked()} loading={busy} loadingText={t`Iscrizione...`}>
            <Trans>Iscrivi</Trans>
          </Button>
        </fieldset>
      )}
    </div>
  );
}
