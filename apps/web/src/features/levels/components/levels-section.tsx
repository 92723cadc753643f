// The member's levels on /profilo (docs/levels.md): per sport its level on 0–7 and how sure it is, the
// questionnaire for a sport without one (asked once), the history of changes, the link to the ranking.
import { SPORTS, type TMemberLevel } from '@beach/contracts';
import type { Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { CardSection, ReadState } from '../../../components/ui/card-section';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { localizedTo } from '../../../lib/i18n';
import { SPORT_NAMES } from '../../bookings';
import { type Sport, useMyLevels } from '../api/levels';
import { CHANGE_SOURCES } from '../labels';
import { twoDecimals } from '../labels';
import { LevelQuestionnaire } from './level-questionnaire';

export function LevelsSection() {
  const { i18n, t } = useLingui();
  const levels = useMyLevels();
  const [asking, setAsking] = useState<Sport | null>(null);
  const bySport = new Map((levels.data?.levels ?? []).map((level) => [level.sport, level]));
  const history = levels.data?.history ?? [];
  return (
    <CardSection titleId="levels-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="levels-title" className="text-lg font-semibold"><Trans>I miei livelli</Trans></h2>
        <Link to={localizedTo(i18n.locale as Locale, paths.levelRanking)} className="text-sm font-medium text-sea-700 underline"><Trans>Classifica per livello</Trans></Link>
      </div>
      <ReadState read={levels} loading={t`Caricamento dei livelli...`} failed={t`Non è stato possibile leggere i tuoi livelli. Riprova più tardi.`} />
      {levels.data && (
        <ul className="grid gap-3 sm:grid-cols-3">
          {SPORTS.map((sport) => (
            <li key={sport} className="rounded-lg border border-slate-200 p-3" aria-label={i18n._(SPORT_NAMES[sport])}>
              <p className="text-sm font-medium text-slate-600">{i18n._(SPORT_NAMES[sport])}</p>
              <SportLevel level={bySport.get(sport)} onAsk={() => setAsking(sport)} />
            </li>
          ))}
        </ul>
      )}
      {asking && <LevelQuestionnaire sport={asking} onSaved={() => setAsking(null)} />}
      {history.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-slate-700"><Trans>Storia dei livelli</Trans></summary>
          <ul className="mt-2 divide-y divide-slate-100">
            {history.map((change) => {
              const sport = i18n._(SPORT_NAMES[change.sport]);
              const level = twoDecimals(i18n, change.level);
              return (
                <li key={change.id} className="flex flex-wrap justify-between gap-2 py-1.5">
                  <span>{formatDate(change.created_at)} · {sport} · {i18n._(CHANGE_SOURCES[change.source])}</span>
                  <span className="tabular-nums">{change.level_before === null ? level : `${twoDecimals(i18n, change.level_before)} → ${level}`}</span>
                </li>
              );
            })}
          </ul>
        </details>
      )}
    </CardSection>
  );
}

function SportLevel({ level, onAsk }: { level: TMemberLevel | undefined; onAsk: () => void }) {
  const { i18n } = useLingui();
  if (!level) {
    return (
      <div className="mt-1 space-y-2">
        <p className="text-sm text-slate-600"><Trans>Nessun livello ancora.</Trans></p>
        <Button size="sm" variant="secondary" onClick={onAsk}><Trans>Trova il tuo livello</Trans></Button>
      </div>
    );
  }
  const shown = i18n.number(level.level, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const reliability = level.reliability;
  const matches = level.competitive_matches;
  return (
    <div className="mt-1">
      <p className="text-2xl font-bold text-sea-900 tabular-nums"><Trans>Livello {shown}</Trans></p>
      <p className="text-sm text-slate-600"><Trans>Affidabilità {reliability}%</Trans> · <Trans>{matches} partite competitive</Trans></p>
    </div>
  );
}
