// A tournament as /tornei lists it: name, sport, category, days, format in words, fee per player (or free),
// places left, and until when registration is open.
import { titleIn, type TTournamentSummary } from '@beach/contracts';
import type { Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { formatDateTime, formatDayRange, formatMoney } from '../../../lib/format';
import { localizedTo } from '../../../lib/i18n';
import { SPORT_NAMES } from '../../bookings';
import { categoryName, FORMAT_NAMES, isFree } from '../labels';

export const tournamentPath = (id: number, tv = false) => (tv ? paths.tournamentTv : paths.tournament).replace(':id', String(id));

/** Sport · category · format, in words. */
export function useTournamentKind(tournament: TTournamentSummary): string {
  const { i18n } = useLingui();
  return [i18n._(SPORT_NAMES[tournament.sport]), categoryName(i18n, tournament), i18n._(FORMAT_NAMES[tournament.format])].join(' · ');
}

export function TournamentCard({ tournament }: { tournament: TTournamentSummary }) {
  const { i18n } = useLingui();
  const kind = useTournamentKind(tournament);
  const fee = formatMoney(tournament.entry_fee);
  const placesLeft = Math.max(0, tournament.max_entries - tournament.entries_taken);
  const closesAt = formatDateTime(tournament.registration_closes_at);
  return (
    <article className="flex flex-col gap-2 rounded-2xl bg-white p-5 shadow ring-1 ring-slate-200">
      <h2 className="text-lg font-semibold text-sea-900">
        <Link to={localizedTo(i18n.locale as Locale, tournamentPath(tournament.id))} className="hover:underline">{titleIn(i18n.locale, tournament)}</Link>
      </h2>
      <p className="text-sm text-slate-600">{kind}</p>
      <p className="text-sm text-slate-800">{formatDayRange(tournament.starts_on, tournament.ends_on)}</p>
      <p className="text-sm text-slate-800">{isFree(tournament.entry_fee) ? <Trans>Gratuito</Trans> : <Trans>Quota: {fee} a giocatore</Trans>}</p>
      {/* A finished tournament has no places nor registration to speak of. */}
      {tournament.status === 'finished' ? (
        <p className="text-sm font-medium text-slate-600"><Trans>Torneo concluso</Trans></p>
      ) : (
        <>
          <p className="text-sm text-slate-800">{placesLeft > 0 ? <Trans>Posti liberi: {placesLeft}</Trans> : <Trans>Al completo: lista d’attesa</Trans>}</p>
          <p className={`text-sm font-medium ${tournament.registration_open ? 'text-emerald-800' : 'text-slate-600'}`}>
            {tournament.registration_open ? <Trans>Iscrizioni aperte fino al {closesAt}</Trans> : <Trans>Iscrizioni chiuse</Trans>}
          </p>
        </>
      )}
    </article>
  );
}
