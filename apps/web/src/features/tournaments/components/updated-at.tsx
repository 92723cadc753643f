// "Aggiornato alle 16:32": when the live data was last read, said discreetly; only this line redraws at each poll.
import { Trans } from '@lingui/react/macro';
import { formatTime } from '../../../lib/format';
import { useLiveReadAt } from '../api/tournaments';

export function UpdatedAt({ tournamentId, className = '' }: { tournamentId: number; className?: string }) {
  const readAt = useLiveReadAt(tournamentId);
  if (!readAt) return null;
  const time = formatTime(new Date(readAt));
  return <p className={`text-xs ${className}`} aria-live="off"><Trans>Aggiornato alle {time}</Trans></p>;
}
