// /classifica-livelli (docs/levels.md#ranking): the club's members by level in a sport (in the querystring,
// so a link keeps it), those with at least five competitive matches; the member's own row marked.
import { RANKING_MIN_MATCHES, SPORTS } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { ReadState } from '../../../components/ui/card-section';
import { Select } from '../../../components/ui/field';
import { usePageTitle } from '../../../lib/use-page-title';
import { SPORT_NAMES } from '../../bookings';
import { type Sport, useLevelRanking } from '../api/levels';
import { twoDecimals } from '../labels';

export default function LevelRankingPage() {
  const { i18n, t } = useLingui();
  usePageTitle(t`Classifica per livello`);
  const [search, setSearch] = useSearchParams();
  const sport: Sport = SPORTS.find((value) => value === search.get('sport')) ?? 'beach_volley';
  const ranking = useLevelRanking(sport);
  const minimum = RANKING_MIN_MATCHES;
  return (
    <section className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold text-sea-900"><Trans>Classifica per livello</Trans></h1>
        <p className="mt-1 text-slate-600"><Trans>I soci con almeno {minimum} partite competitive, dal livello più alto.</Trans></p>
      </header>
      <div className="max-w-xs">
        <Select<Sport> label={t`Sport`} options={SPORTS.map((value) => ({ value, label: i18n._(SPORT_NAMES[value]) }))} value={sport} onValueChange={(value) => setSearch({ sport: value }, { replace: true })} />
      </div>
      <ReadState read={ranking} loading={t`Caricamento della classifica...`} failed={t`Non è stato possibile leggere la classifica. Riprova più tardi.`} />
      {ranking.data?.length === 0 && <Alert><Trans>Ancora nessuno in classifica in questo sport.</Trans></Alert>}
      {ranking.data && ranking.data.length > 0 && (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full min-w-[20rem] text-left text-sm">
            <thead>
              <tr className="text-slate-500">
                <th scope="col" className="px-2 py-2"><Trans>Posizione</Trans></th>
                <th scope="col" className="px-2 py-2"><Trans>Giocatore</Trans></th>
                <th scope="col" className="px-2 py-2 text-right"><Trans>Livello</Trans></th>
                <th scope="col" className="px-2 py-2 text-right"><Trans>Affidabilità</Trans></th>
                <th scope="col" className="hidden px-2 py-2 text-right sm:table-cell"><Trans>Partite</Trans></th>
              </tr>
            </thead>
            <tbody>
              {ranking.data.map((row) => (
                <tr key={row.position} className={row.me ? 'border-t border-slate-100 bg-sea-50 font-semibold' : 'border-t border-slate-100'} aria-current={row.me || undefined}>
                  <td className="px-2 py-2 tabular-nums">{row.position}</td>
                  <td className="px-2 py-2">{row.name}</td>
                  <td className="px-2 py-2 text-right tabular-nums">{twoDecimals(i18n, row.level)}</td>
                  <td className="px-2 py-2 text-right tabular-nums">{row.reliability}%</td>
                  <td className="hidden px-2 py-2 text-right tabular-nums sm:table-cell">{row.competitive_matches}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
