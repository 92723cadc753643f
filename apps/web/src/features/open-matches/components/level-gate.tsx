// A competitive match asks a member with no level in its sport for one first (docs/levels.md#questionnaire):
// the questionnaire, once, in a dialog; then the match page shows whether they join at once or ask.
import type { TOpenMatch } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { SPORT_NAMES } from '../../bookings';
import { FirstLevelDialog, useMyLevels } from '../../levels';
import { openMatchKeys } from '../api/open-matches';

export function LevelGate({ match, children }: { match: TOpenMatch; children: ReactNode }) {
  const { i18n } = useLingui();
  const levels = useMyLevels();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  if (!match.competitive) return children;
  if (!levels.data) return null;
  if (levels.data.levels.some((level) => level.sport === match.sport)) return children;
  const sportName = i18n._(SPORT_NAMES[match.sport]);
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">
        <Trans>È la tua prima partita competitiva di {sportName}: rispondi a quattro domande sul tuo livello, una volta sola. Poi vedrai se entri subito o chiedi il posto.</Trans>
      </p>
      <Button onClick={() => setAsking(true)}>
        <Trans>Trova il tuo livello</Trans>
      </Button>
      <FirstLevelDialog
        sport={match.sport}
        open={asking}
        onClose={() => setAsking(false)}
        onSaved={() => {
          setAsking(false);
          void queryClient.invalidateQueries({ queryKey: openMatchKeys.one(match.id) });
        }}
      />
    </div>
  );
}
