import type { TConsents } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../lib/format';
import { CONSENT_NAMES } from './consent-labels';

/** Every consent given or withdrawn, the newest first. */
export function ConsentHistory({ history }: { history: TConsents['history'] }) {
  const { i18n, t } = useLingui();
  if (history.length === 0) {
    return (
      <p className="text-sm text-slate-500">
        <Trans>Nessuna modifica registrata.</Trans>
      </p>
    );
  }
  /** What happened to the consent: the privacy notice accepted in a version, any other given or withdrawn. */
  const outcome = (event: TConsents['history'][number]) => {
    const version = event.detail ?? '—';
    if (event.consent === 'privacy') return t`accettata (versione ${version})`;
    return event.granted ? t`dato` : t`revocato`;
  };
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {[...history].reverse().map((event, index) => (
        <li key={`${event.at}-${index}`} className="flex flex-wrap justify-between gap-2 py-1.5">
          <span>
            {i18n._(CONSENT_NAMES[event.consent])}: {outcome(event)}
          </span>
          <time className="text-slate-500" dateTime={event.at}>{formatDateTime(event.at)}</time>
        </li>
      ))}
    </ul>
  );
}
