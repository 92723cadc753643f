// The board's "Sorteggio": "Sorteggia" (confirmed first) draws pools and bracket from the seeds; then the
// pools' standings and the bracket's rounds are shown, read-only.
import type { TAdminTournament, TTournamentMatch } from '@beach/contracts';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api-errors';
import { useDrawTournament } from '../api/tournaments';
import { namesText, phaseText, setsText, sideText } from '../labels';

type Notify = (text: string, tone?: 'success' | 'error') => void;
const BRACKET_PHASES: TTournamentMatch['phase'][] = ['knockout', 'losers', 'third_place', 'final', 'kob_final'];

/** The bracket's matches as columns: one per phase and round, in the order they are played. */
const bracketColumns = (matches: TTournamentMatch[]) => {
  const columns = new Map<string, TTournamentMatch[]>();
  for (const phase of BRACKET_PHASES) {
    for (const match of matches.filter((one) => one.phase === phase).sort((a, b) => a.round - b.round || a.key.localeCompare(b.key, 'it', { numeric: true }))) {
      columns.set(`${phase}-${match.round}`, [...(columns.get(`${phase}-${match.round}`) ?? []), match]);
    }
  }
  return [...columns.values()];
};

export function DrawTab({ tournament, notify }: { tournament: TAdminTournament; notify: Notify }) {
  const draw = useDrawTournament();
  const { confirm, dialog } = useConfirm();
  const drawn = tournament.matches.length > 0;
  const bracket = bracketColumns(tournament.matches);
  const run = async () => {
    const confirmed = await confirm({ title: 'Sorteggia', message: 'Gironi e tabellone si fanno con le coppie confermate, nell’ordine delle teste di serie. Dopo il sorteggio il torneo non si modifica più.', confirmLabel: 'Sorteggia' });
    if (!confirmed) return;
    try {
      notify((await draw.mutateAsync(tournament.id)).message);
    } catch (error) {
      notify(serverMessage(error) ?? 'Sorteggio non riuscito. Riprova più tardi.', 'error');
    }
  };
  return (
    <div className="space-y-6">
      {!drawn && (
        <div className="space-y-2">
          <p className="text-slate-700">Il sorteggio si fa a iscrizioni chiuse, con le coppie che hanno pagato.</p>
          <Button disabled={tournament.status !== 'published'} loading={draw.isPending} onClick={() => void run()}>
            Sorteggia
          </Button>
        </div>
      )}
      {tournament.pools.length > 0 && (
        <section aria-labelledby="pools-heading" className="space-y-3">
          <h2 id="pools-heading" className="text-lg font-semibold">Gironi</h2>
          <div className="grid gap-4 md:grid-cols-2">
            {tournament.pools.map((pool) => (
              <div key={pool.pool} className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
                <table className="w-full text-sm">
                  <caption className="p-2 text-left font-semibold">{`Girone ${pool.pool}${pool.complete ? ' (concluso)' : ''}`}</caption>
                  <thead>
                    <tr className="text-left text-slate-600">
                      <th scope="col" className="p-2">Pos.</th>
                      <th scope="col" className="p-2">Coppia</th>
                      <th scope="col" className="p-2">V-P</th>
                      <th scope="col" className="p-2">Set</th>
                      <th scope="col" className="p-2">Punti</th>
                    </tr>
                  </thead>
                  <tbody>
                    {pool.rows.map((row) => (
                      <tr key={row.entry_id} className="border-t border-slate-100">
                        <td className="p-2">{row.rank}</td>
                        <td className="p-2">{namesText(row.names)}</td>
                        <td className="p-2">{`${row.won}-${row.lost}`}</td>
                        <td className="p-2">{`${row.sets_won}-${row.sets_lost}`}</td>
                        <td className="p-2">{`${row.points_won}-${row.points_lost}`}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ))}
          </div>
        </section>
      )}
      {bracket.length > 0 && (
        <section aria-labelledby="bracket-heading" className="space-y-3">
          <h2 id="bracket-heading" className="text-lg font-semibold">Tabellone</h2>
          <div role="region" aria-label="Tabellone a eliminazione" tabIndex={0} className="flex gap-4 overflow-x-auto pb-2">
            {bracket.map((column) => (
              <div key={`${column[0]!.phase}-${column[0]!.round}`} className="w-56 shrink-0 space-y-2">
                <h3 className="text-sm font-semibold text-slate-700">{phaseText(column[0]!, tournament.format)}</h3>
                <ol aria-label={phaseText(column[0]!, tournament.format)} className="space-y-2">
                {column.map((match) => (
                  <li key={match.key} className="rounded-lg border border-slate-200 bg-white p-2 text-sm">
                    <p className="text-xs text-slate-500">{match.key}</p>
                    {match.sides.map((side, index) => (
                      <p key={index} className={match.winner === (index === 0 ? 'a' : 'b') ? 'font-semibold' : undefined}>
                        {sideText(side)}
                      </p>
                    ))}
                    {match.sets && <p className="text-xs text-slate-600">{setsText(match.sets)}</p>}
                    {match.status === 'not_needed' && <p className="text-xs text-slate-600">Non si gioca: la finale l’ha vinta la coppia imbattuta.</p>}
                  </li>
                ))}
                </ol>
              </div>
            ))}
          </div>
        </section>
      )}
      {dialog}
    </div>
  );
}
