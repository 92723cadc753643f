// "Cerco compagno/a" (docs/tournaments.md#partner-finder): members without a partner post their level
// and a note; another answers "Gioco con te"; the poster accepts an answer, which registers the pair.
import { PLAYER_LEVELS, type TPartnerPost, type TTournamentLive } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Select, Textarea } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-transport';
import { useAcceptPartner, useAnswerPartner, useClosePartnerPost, usePartnerPosts, usePostPartner } from '../api/tournaments';
import { LEVEL_NAMES } from '../labels';

type Level = (typeof PLAYER_LEVELS)[number];
type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** Runs a call and keeps what it answered, or why it failed, for the alert above. */
function useOutcome() {
  const { t } = useLingui();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async (action: () => Promise<{ message: string }>) => {
    setOutcome(null);
    try {
      setOutcome({ tone: 'success', text: (await action()).message });
    } catch (failure) {
      setOutcome({ tone: 'error', text: failure instanceof ApiError ? (failure.errors ? failure.details : failure.message) : t`Non è stato possibile completare l’operazione. Riprova più tardi.` });
    }
  };
  return { outcome, run };
}

export function PartnerFinder({ live, registered }: { live: TTournamentLive; registered: boolean }) {
  const posts = usePartnerPosts(live.id, true);
  const { outcome, run } = useOutcome();
  const mineOpen = posts.data?.some((post) => post.mine);
  return (
    <div className="space-y-3">
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      {posts.data?.length === 0 && <p className="text-sm text-slate-600"><Trans>Nessuno cerca un compagno per ora.</Trans></p>}
      <ul className="divide-y divide-slate-100">
        {posts.data?.map((post) => <PartnerPost key={post.id} post={post} canAnswer={!registered} run={run} />)}
      </ul>
      {!registered && !mineOpen && <PostForm tournamentId={live.id} run={run} />}
    </div>
  );
}

function PartnerPost({ post, canAnswer, run }: { post: TPartnerPost; canAnswer: boolean; run: ReturnType<typeof useOutcome>['run'] }) {
  const { i18n } = useLingui();
  const answer = useAnswerPartner();
  const accept = useAcceptPartner();
  const close = useClosePartnerPost();
  return (
    <li className="space-y-2 py-3 text-sm">
      <p>
        <span className="font-medium text-slate-900">{post.name}</span> · {i18n._(LEVEL_NAMES[post.level])}
      </p>
      {post.note && <p className="text-slate-700">{post.note}</p>}
      {post.mine ? (
        <>
          {post.answers.length === 0 && <p className="text-slate-600"><Trans>Ancora nessuna risposta.</Trans></p>}
          <ul className="space-y-2">
            {post.answers.map((reply) => (
              <li key={reply.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2">
                <span><span className="font-medium">{reply.name}</span>{reply.message && `: ${reply.message}`}</span>
                <Button size="sm" loading={accept.isPending && accept.variables === reply.id} onClick={() => void run(() => accept.mutateAsync(reply.id))}><Trans>Accetta</Trans></Button>
              </li>
            ))}
          </ul>
          <Button size="sm" variant="secondary" loading={close.isPending} onClick={() => void run(() => close.mutateAsync(post.id))}><Trans>Ritira l’annuncio</Trans></Button>
        </>
      ) : post.answered_by_me ? (
        <p className="text-slate-600"><Trans>Hai risposto: aspetta che accetti.</Trans></p>
      ) : (
        canAnswer && <Button size="sm" loading={answer.isPending} onClick={() => void run(() => answer.mutateAsync({ postId: post.id, message: '' }))}><Trans>Gioco con te</Trans></Button>
      )}
    </li>
  );
}

function PostForm({ tournamentId, run }: { tournamentId: number; run: ReturnType<typeof useOutcome>['run'] }) {
  const { i18n, t } = useLingui();
  const postPartner = usePostPartner(tournamentId);
  const [level, setLevel] = useState<Level>('intermedio');
  const [note, setNote] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => postPartner.mutateAsync({ level, note }));
  };
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3 rounded-lg bg-slate-50 p-3">
      <p className="text-sm font-semibold"><Trans>Cerchi anche tu un compagno o una compagna?</Trans></p>
      <Select label={t`Il tuo livello`} options={PLAYER_LEVELS.map((value) => ({ value, label: i18n._(LEVEL_NAMES[value]) }))} value={level} onValueChange={setLevel} />
      <Textarea label={t`Una nota (facoltativa)`} maxLength={300} rows={2} value={note} onChange={(event) => setNote(event.target.value)} />
      <Button type="submit" size="sm" loading={postPartner.isPending}><Trans>Pubblica l’annuncio</Trans></Button>
    </form>
  );
}
