// /classifica (docs/tournaments.md#ranking): the club ranking for a sport and a category (in the
// querystring, so a link keeps them): position, player, points, tournaments counted.
import { SPORTS, TOURNAMENT_CATEGORIES, type TRankingQuery } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { ReadState } from '../../../components/ui/card-section';
import { Select } from '../../../components/ui/field';
import { usePageTitle } from '../../../lib/use-page-title';
import { SPORT_NAMES } from '../../bookings';
import { useRanking } from '../api/tournaments';
import { ScrollBox } from '../components/scroll-box';
import { RANKING_CATEGORY_NAMES } from '../labels';

type Sport = (typeof SPORTS)[number];
type Category = (typeof TOURNAMENT_CATEGORIES)[number];
const pick = <T extends string>(options: readonly T[], value: string | null, fallback: T): T => options.find((option) => option === value) ?? fallback;

export default function RankingPage() {
  const { i18n, t } = useLingui();
  usePageTitle(t`Classifica del circolo`);
  const [search, setSearch] = useSearchParams();
  const query: TRankingQuery = { sport: pick(SPORTS, search.get('sport'), 'beach_volley'), category: pick(TOURNAMENT_CATEGORIES, search.get('category'), 'open') };
  const ranking = useRanking(query);
  const choose = (name: 'sport' | 'category', value: string) => setSearch((current) => ({ ...Object.fromEntries(current), [name]: value }), { replace: true });
  return (
    <section className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold text-sea-900"><Trans>Classifica del circolo</Trans></h1>
        <p className="mt-1 text-slate-600"><Trans>I punti dei migliori risultati di ogni giocatore nei tornei degli ultimi 365 giorni.</Trans></p>
      </header>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select<Sport> label={t`Sport`} options={SPORTS.map((value) => ({ value, label: i18n._(SPORT_NAMES[value]) }))} value={query.sport} onValueChange={(value) => choose('sport', value)} />
        <Select<Category> label={t`Categoria`} options={TOURNAMENT_CATEGORIES.map((value) => ({ value, label: i18n._(RANKING_CATEGORY_NAMES[value]) }))} value={query.category} onValueChange={(value) => choose('category', value)} />
      </div>
      <ReadState read={ranking} loading={t`Caricamento della classifica...`} failed={t`Non è stato possibile leggere la classifica. Riprova più tardi.`} />
      {ranking.data?.length === 0 && <Alert><Trans>Nessun risultato in questa classifica per ora.</Trans></Alert>}
      {ranking.data && ranking.data.length > 0 && (
        <ScrollBox label={t`Classifica`}>
          <table className="w-full min-w-[20rem] text-left text-sm">
            <thead>
              <tr className="text-slate-500">
                <th scope="col" className="px-2 py-1.5"><Trans>Posizione</Trans></th>
                <th scope="col" className="px-2 py-1.5"><Trans>Giocatore</Trans></th>
                <th scope="col" className="px-2 py-1.5 text-right"><Trans>Punti</Trans></th>
                <th scope="col" className="px-2 py-1.5 text-right"><Trans>Tornei</Trans></th>
              </tr>
            </thead>
            <tbody>
              {ranking.data.map((row) => (
                <tr key={row.user_id} className="border-t border-slate-100">
                  <td className="px-2 py-1.5 tabular-nums">{row.rank}</td>
                  <td className="px-2 py-1.5 font-medium">{row.name}</td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{row.points}</td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{row.tournaments}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  );
}
