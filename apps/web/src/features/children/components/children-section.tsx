// "I miei figli" on /profilo: the children on the member's account, each with what the school keeps of
// them (their medical certificate included), added and edited in a modal and removed after a confirmation
// (refused once enrolled in a course).
import { ageOn, romeToday, type TChild } from '@beach/contracts';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CardSection, ReadState } from '../../../components/ui/card-section';
import { ApiError } from '../../../lib/api-transport';
import { formatDate } from '../../../lib/format';
import { useMyChildren, useRemoveChild } from '../api/children';
import { ChildCertificate } from './child-certificate';
import { ChildFormModal } from './child-form-modal';
import { ChildStatement } from './child-statement';

export function ChildrenSection() {
  const { t } = useLingui();
  const children = useMyChildren();
  const remove = useRemoveChild();
  const { confirm, dialog } = useConfirm();
  // undefined: no form open; null: a new child.
  const [editing, setEditing] = useState<TChild | null | undefined>(undefined);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const onRemove = async (child: TChild) => {
    const name = `${child.first_name} ${child.last_name}`;
    const question = { title: t`Togliere ${name}?`, message: t`I suoi dati saranno cancellati dal tuo account.`, confirmLabel: t`Togli`, tone: 'danger' as const };
    if (!(await confirm(question))) return;
    setOutcome(null);
    try {
      setOutcome({ tone: 'success', text: (await remove.mutateAsync(child.id)).message });
    } catch (failure) {
      setOutcome({ tone: 'error', text: failure instanceof ApiError ? failure.message : t`Non è stato possibile togliere il figlio. Riprova più tardi.` });
    }
  };

  return (
    <CardSection titleId="children-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="children-title" className="text-lg font-semibold">
          <Trans>I miei figli</Trans>
        </h2>
        <Button size="sm" variant="secondary" onClick={() => { setOutcome(null); setEditing(null); }}>
          <Trans>Aggiungi un figlio</Trans>
        </Button>
      </div>
      <ReadState read={children} loading={t`Caricamento...`} failed={t`Non è stato possibile leggere i dati dei figli. Riprova più tardi.`} />
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      {children.data?.length === 0 && (
        <p className="text-sm text-slate-600">
          <Trans>Nessun figlio sul tuo account. Aggiungili per iscriverli ai corsi della scuola.</Trans>
        </p>
      )}
      {children.data && children.data.length > 0 && (
        <ul className="divide-y divide-slate-200">
          {children.data.map((child) => (
            <ChildRow key={child.id} child={child} onEdit={() => { setOutcome(null); setEditing(child); }} onRemove={() => void onRemove(child)} />
          ))}
        </ul>
      )}
      {editing !== undefined && <ChildFormModal child={editing} onClose={() => setEditing(undefined)} onSaved={(text) => setOutcome({ tone: 'success', text })} />}
      {dialog}
    </CardSection>
  );
}

function ChildRow({ child, onEdit, onRemove }: { child: TChild; onEdit: () => void; onRemove: () => void }) {
  const age = ageOn(child.birth_date, romeToday());
  const born = formatDate(child.birth_date);
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-medium">
            {child.first_name} {child.last_name}
          </p>
          <p className="text-sm text-slate-600">
            <Plural value={age} one={`${born} · # anno`} other={`${born} · # anni`} />
            {child.fiscal_code && <> · <span className="font-mono">{child.fiscal_code}</span></>}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={onEdit}>
            <Trans>Modifica</Trans>
          </Button>
          {!child.has_enrolments && (
            <Button size="sm" variant="ghost" onClick={onRemove}>
              <Trans>Togli</Trans>
            </Button>
          )}
        </div>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500"><Trans>Note sulla salute</Trans></dt>
          <dd className="whitespace-pre-line break-words">{child.health_notes ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-slate-500"><Trans>Persone autorizzate al ritiro</Trans></dt>
          <dd className="whitespace-pre-line break-words">{child.pickup_people ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-slate-500"><Trans>Foto e video</Trans></dt>
          <dd>{child.photo_consent ? <Badge tone="green"><Trans>Consentiti</Trans></Badge> : <Badge tone="neutral"><Trans>Non consentiti</Trans></Badge>}</dd>
        </div>
      </dl>
      <ChildCertificate child={child} />
      <ChildStatement childId={child.id} enrolled={child.has_enrolments} />
      {child.has_enrolments && (
        <p className="text-xs text-slate-500">
          <Trans>Iscritto a un corso: non si può togliere dall’account.</Trans>
        </p>
      )}
    </li>
  );
}
