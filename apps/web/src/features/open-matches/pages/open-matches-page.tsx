// /partite (docs/open-matches.md#the-list): the open matches still taking players, filtered by sport,
// day, time of day and "at my level".
import { OPEN_MATCH_SPORTS, TIMES_OF_DAY } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Checkbox, Input, Select } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../lib/use-page-title';
import { type MatchFilters, useOpenMatches } from '../api/open-matches';
import { useAutomaticSlots } from '../api/automatic-matches';
import { AutomaticSlots } from '../components/automatic-slots';
import { MatchCard } from '../components/match-card';
import { SPORT_NAMES, TIME_OF_DAY_NAMES } from '../labels';

export default function OpenMatchesPage() {
  const { i18n, t } = useLingui();
  usePageTitle(t`Partite aperte`);
  const [filters, setFilters] = useState<MatchFilters>({});
  const matches = useOpenMatches(filters);
  // The same read as the automatic matches' section: "nothing open" only when it offers nothing either.
  const slots = useAutomaticSlots(filters);
  const nothingOffered = matches.data?.length === 0 && (slots.isError || slots.data?.length === 0);
  const set = (changes: Partial<MatchFilters>) => setFilters((current) => Object.fromEntries(Object.entries({ ...current, ...changes }).filter(([, value]) => value !== undefined && value !== '')) as MatchFilters);
  const sports = [{ value: '', label: t`Tutti gli sport` }, ...OPEN_MATCH_SPORTS.map((value) => ({ value, label: i18n._(SPORT_NAMES[value]) }))] as const;
  const times = [{ value: '', label: t`Tutto il giorno` }, ...TIMES_OF_DAY.map((value) => ({ value, label: i18n._(TIME_OF_DAY_NAMES[value]) }))] as const;

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:py-12">
      <div>
        <h1 className="text-2xl font-bold text-sea-900">
          <Trans>Partite aperte</Trans>
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          <Trans>Manca qualcuno per giocare? Entra in una partita e paga solo la tua quota.</Trans>
        </p>
      </div>
      <div className="grid gap-3 rounded-2xl bg-white p-4 shadow ring-1 ring-slate-200 sm:grid-cols-3">
        <Select label={t`Sport`} options={sports} value={filters.sport ?? ''} onValueChange={(value) => set({ sport: value || undefined })} />
        <Input label={t`Giorno`} type="date" value={filters.date ?? ''} onChange={(event) => set({ date: event.target.value || undefined })} />
        <Select label={t`Fascia oraria`} options={times} value={filters.time_of_day ?? ''} onValueChange={(value) => set({ time_of_day: value || undefined })} />
        <div className="sm:col-span-3">
          <Checkbox label={t`Solo al mio livello`} checked={filters.at_my_level === 'true'} onChange={(event) => set({ at_my_level: event.target.checked ? 'true' : undefined })} />
        </div>
      </div>
      {matches.isPending && <Spinner label={t`Caricamento delle partite...`} />}
      {matches.isError && <Alert tone="error">{t`Non è stato possibile caricare le partite. Riprova più tardi.`}</Alert>}
      {nothingOffered && (
        <Alert>
          <Trans>Nessuna partita aperta con questi filtri. Prenota un campo e apri tu la partita!</Trans>
        </Alert>
      )}
      {matches.data && matches.data.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2" aria-label={t`Partite aperte`}>
          {matches.data.map((match) => (
            <MatchCard key={match.id} match={match} />
          ))}
        </ul>
      )}
      <AutomaticSlots filters={filters} />
    </div>
  );
}
