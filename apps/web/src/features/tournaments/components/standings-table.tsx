// A pool's standings: position, pair, played (G), won (V), lost (P), sets and points won–lost.
import type { TTournamentLive } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { playerNames } from '../labels';
import { ScrollBox } from './scroll-box';

type Pool = TTournamentLive['pools'][number];

export function StandingsTable({ pool, tv = false }: { pool: Pool; tv?: boolean }) {
  const { i18n, t } = useLingui();
  const name = pool.pool;
  const cell = tv ? 'px-3 py-2' : 'px-2 py-1.5';
  return (
    <ScrollBox label={t`Classifica del girone ${name}`}>
      <table className={`w-full min-w-[28rem] border-collapse text-left ${tv ? 'text-2xl' : 'text-sm'}`}>
        <caption className={`text-left font-semibold ${tv ? 'pb-2 text-3xl' : 'pb-1 text-base'}`}><Trans>Girone {name}</Trans></caption>
        <thead>
          <tr className={tv ? 'text-slate-300' : 'text-slate-500'}>
            <th scope="col" className={cell}><abbr title={t`Posizione`}>#</abbr></th>
            <th scope="col" className={cell}><Trans>Coppia</Trans></th>
            <th scope="col" className={`${cell} text-right`}><abbr title={t`Giocate`}>{t({ message: 'G', comment: 'Short column heading: matches played' })}</abbr></th>
            <th scope="col" className={`${cell} text-right`}><abbr title={t`Vinte`}>{t({ message: 'V', comment: 'Short column heading: matches won' })}</abbr></th>
            <th scope="col" className={`${cell} text-right`}><abbr title={t`Perse`}>{t({ message: 'P', comment: 'Short column heading: matches lost' })}</abbr></th>
            <th scope="col" className={`${cell} text-right`}><Trans>Set</Trans></th>
            <th scope="col" className={`${cell} text-right`}><Trans>Punti</Trans></th>
          </tr>
        </thead>
        <tbody>
          {pool.rows.map((row) => (
            <tr key={row.entry_id} className={tv ? 'border-t border-white/10' : 'border-t border-slate-100'}>
              <td className={cell}>{row.rank}</td>
              <td className={`${cell} font-medium`}>{playerNames(i18n, row.names)}</td>
              <td className={`${cell} text-right tabular-nums`}>{row.played}</td>
              <td className={`${cell} text-right tabular-nums`}>{row.won}</td>
              <td className={`${cell} text-right tabular-nums`}>{row.lost}</td>
              <td className={`${cell} whitespace-nowrap text-right tabular-nums`}>{row.sets_won}–{row.sets_lost}</td>
              <td className={`${cell} whitespace-nowrap text-right tabular-nums`}>{row.points_won}–{row.points_lost}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
