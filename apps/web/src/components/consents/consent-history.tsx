import type { TConsents } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../lib/format';
import { CONSENT_NAMES } from './consent-labels';

/**
 * Every consent given or withdrawn, the newest first. A consent is withdrawn only once it was given: the
 * registration's "no" to one never given is "non dato".
 */
export function ConsentHistory({ history }: { history: TConsents['history'] }) {
  const { i18n, t } = useLingui();
  if (history.length === 0) {
    return (
      <p className="text-sm text-slate-500">
        <Trans>Nessuna modifica registrata.</Trans>
      </p>
    );
  }
  /** What happened to the consent: the privacy notice accepted in a version, any other given, withdrawn or not given. */
  const outcome = (event: TConsents['history'][number], wasGiven: boolean) => {
    const version = event.detail ?? '—';
    if (event.consent === 'privacy') return t`accettata (versione ${version})`;
    if (event.granted) return t`dato`;
    return wasGiven ? t`revocato` : t`non dato`;
  };
  // The history comes oldest first: each event with whether its consent stood given before it.
  const given = new Set<string>();
  const events = history.map((event) => {
    const wasGiven = given.has(event.consent);
    if (event.granted) given.add(event.consent);
    else given.delete(event.consent);
    return { event, wasGiven };
  });
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {events.reverse().map(({ event, wasGiven }, index) => (
        <li key={`${event.at}-${index}`} className="flex flex-wrap justify-between gap-2 py-1.5">
          <span>
            {i18n._(CONSENT_NAMES[event.consent])}: {outcome(event, wasGiven)}
          </span>
          <time className="text-slate-500" dateTime={event.at}>{formatDateTime(event.at)}</time>
        </li>
      ))}
    </ul>
  );
}
