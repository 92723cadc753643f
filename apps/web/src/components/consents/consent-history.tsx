import { CONSENT_LABELS, type TConsents } from '@beach/contracts';
import { formatDateTime } from '../../lib/format';

/** Every consent given or withdrawn, the newest first. */
export function ConsentHistory({ history }: { history: TConsents['history'] }) {
  if (history.length === 0) return <p className="text-sm text-slate-500">Nessuna modifica registrata.</p>;
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {[...history].reverse().map((event, index) => (
        <li key={`${event.at}-${index}`} className="flex flex-wrap justify-between gap-2 py-1.5">
          <span>
            {CONSENT_LABELS[event.consent]}: {event.consent === 'privacy' ? `accettata (versione ${event.detail ?? '—'})` : event.granted ? 'dato' : 'revocato'}
          </span>
          <time className="text-slate-500" dateTime={event.at}>{formatDateTime(event.at)}</time>
        </li>
      ))}
    </ul>
  );
}
