// The questionnaire asked the first time a member joins a competitive match of a sport
// (docs/levels.md#questionnaire): in a dialog on the match page, once; the level it gives decides whether
// they join at once or ask for the place.
import { useLingui } from '@lingui/react/macro';
import { Modal } from '../../../components/ui/modal';
import { SPORT_NAMES } from '../../bookings';
import type { Sport } from '../api/levels';
import { LevelQuestionnaire } from './level-questionnaire';

export function FirstLevelDialog({ sport, open, onClose, onSaved }: { sport: Sport; open: boolean; onClose: () => void; onSaved: () => void }) {
  const { i18n, t } = useLingui();
  const sportName = i18n._(SPORT_NAMES[sport]);
  return (
    <Modal open={open} title={t`Prima di entrare: il tuo livello di ${sportName}`} onClose={onClose}>
      <LevelQuestionnaire sport={sport} onSaved={onSaved} onCancel={onClose} />
    </Modal>
  );
}
