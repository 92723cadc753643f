// /admin/partite-automatiche (docs/open-matches.md#automatic-matches): the admin's rules — which courts, days
// and hours offer their empty slots to members as open matches — added, turned on and off, changed, removed.
import type { TAutomaticRule, TCourt } from '@beach/contracts';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ReadState } from '../../../components/ui/card-section';
import { serverMessage } from '../../../lib/api-errors';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAutomaticRules, useBookableCourts, useRuleWrites } from '../api/automatic-rules';
import { bodyOf, EMPTY_RULE, RuleForm } from '../components/rule-form';
import { FORMAT_LABELS, WEEKDAY_LABELS } from '../components/rule-labels';

const levelText = (rule: TAutomaticRule) => (rule.competitive ? `competitiva, livello ${rule.level_min?.toFixed(1)}–${rule.level_max?.toFixed(1)}` : 'amichevole');

export default function AutomaticMatchesPage() {
  usePageTitle('Partite automatiche');
  const rules = useAutomaticRules();
  const courts = useBookableCourts();
  const writes = useRuleWrites();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const courtCodes = (ids: number[]) => ids.map((id) => courts.data?.find((court) => court.id === id)?.code ?? `#${id}`).join(', ');

  async function toggle(rule: TAutomaticRule) {
    setMessage(null);
    try {
      await writes.update.mutateAsync({ id: rule.id, body: { ...bodyOf(rule), active: !rule.active } });
      setMessage({ tone: 'success', text: rule.active ? `Regola «${rule.name}» spenta: i suoi slot non sono più offerti.` : `Regola «${rule.name}» accesa: i suoi slot liberi sono offerti ai soci.` });
    } catch (error) {
      setMessage({ tone: 'error', text: `Errore: ${serverMessage(error) ?? 'riprova più tardi.'}` });
    }
  }
  async function remove(rule: TAutomaticRule) {
    if (!window.confirm(`Togliere la regola «${rule.name}»? Le partite già aperte restano.`)) return;
    setMessage(null);
    try {
      setMessage({ tone: 'success', text: (await writes.remove.mutateAsync(rule.id)).message });
    } catch (error) {
      setMessage({ tone: 'error', text: `Errore: ${serverMessage(error) ?? 'riprova più tardi.'}` });
    }
  }
  const form = (initial: Parameters<typeof RuleForm>[0]['initial'], save: Parameters<typeof RuleForm>[0]['onSave'], list: TCourt[]) => (
    <RuleForm initial={initial} courts={list} saving={writes.create.isPending || writes.update.isPending} onSave={async (body) => { await save(body); setEditing(null); }} onCancel={() => setEditing(null)} />
  );

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-sea-900">Partite automatiche</h1>
          <p className="mt-1 text-sm text-slate-600">Negli orari scelti i campi liberi sono offerti ai soci come partite aperte senza organizzatore: il primo che entra paga la sua quota e tiene il campo; la partita segue le regole di tutte le altre.</p>
        </div>
        {editing !== 'new' && <Button onClick={() => setEditing('new')}>Nuova regola</Button>}
      </div>
      <ReadState read={rules} loading="Caricamento delle regole..." failed="Non è stato possibile caricare le regole." />
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      {editing === 'new' && courts.data && (
        <section aria-label="Nuova regola" className="rounded-2xl bg-white p-4 shadow ring-1 ring-slate-200">
          {form(EMPTY_RULE, (body) => writes.create.mutateAsync(body), courts.data)}
        </section>
      )}
      {rules.data?.length === 0 && editing !== 'new' && <Alert>Nessuna regola: aggiungine una per offrire i campi liberi come partite.</Alert>}
      <ul className="space-y-3" aria-label="Regole">
        {rules.data?.map((rule) => (
          <li key={rule.id} aria-label={rule.name} className="rounded-2xl bg-white p-4 shadow ring-1 ring-slate-200">
            {editing === rule.id && courts.data ? (
              form(bodyOf(rule), (body) => writes.update.mutateAsync({ id: rule.id, body }), courts.data)
            ) : (
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold text-sea-900">
                    {rule.name} <Badge tone={rule.active ? 'green' : 'neutral'}>{rule.active ? 'Attiva' : 'Spenta'}</Badge>
                  </p>
                  <p className="text-sm text-slate-700">
                    {rule.weekdays.map((day) => WEEKDAY_LABELS[day - 1]).join(', ')} · {rule.from_time}–{rule.to_time} · campi {courtCodes(rule.court_ids)}
                  </p>
                  <p className="text-sm text-slate-600">
                    {FORMAT_LABELS[rule.format]}, {levelText(rule)}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" variant={rule.active ? 'secondary' : 'primary'} disabled={writes.update.isPending} onClick={() => void toggle(rule)}>
                    {rule.active ? 'Spegni' : 'Accendi'}
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setEditing(rule.id)}>
                    Modifica
                  </Button>
                  <Button size="sm" variant="ghost" disabled={writes.remove.isPending} onClick={() => void remove(rule)}>
                    Togli
                  </Button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
