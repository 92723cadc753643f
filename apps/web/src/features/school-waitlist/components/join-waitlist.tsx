// "Lista d'attesa" in a full course's detail on /scuola: the member puts themself or a child on the list.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-transport';
import { useJoinWaitlist, useWaitlistParticipants } from '../api/course-waitlist';

export function JoinWaitlist({ courseId }: { courseId: number }) {
  const { t } = useLingui();
  const participants = useWaitlistParticipants();
  const join = useJoinWaitlist();
  const [who, setWho] = useState('');
  const [answer, setAnswer] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const meLabel = (name: string) => t`Io (${name})`;
  const options = (participants.data ?? []).map((row) => ({ value: row.child_id === null ? '' : String(row.child_id), label: row.child_id === null ? meLabel(row.name) : row.name }));
  const onJoin = async () => {
    setAnswer(null);
    try {
      setAnswer({ tone: 'success', text: (await join.mutateAsync({ course_id: courseId, child_id: who === '' ? null : Number(who) })).message });
    } catch (error) {
      setAnswer({ tone: 'error', text: error instanceof ApiError ? error.message : t`Non è stato possibile metterti in lista. Riprova più tardi.` });
    }
  };
  return (
    <section aria-labelledby="waitlist-title" className="mt-4 space-y-3 rounded-xl bg-slate-50 p-4">
      <h3 id="waitlist-title" className="font-semibold text-sea-900"><Trans>Lista d’attesa</Trans></h3>
      <p className="text-sm text-slate-600">
        <Trans>Se si libera un posto lo offriamo al primo in lista, che ha un tempo limitato per accettarlo; poi passa al successivo.</Trans>
      </p>
      <Select label={t`Chi metti in lista`} options={options} value={who} onValueChange={setWho} />
      {answer && <Alert tone={answer.tone}>{answer.text}</Alert>}
      <Button variant="secondary" loading={join.isPending} onClick={() => void onJoin()}><Trans>Mettiti in lista</Trans></Button>
    </section>
  );
}
