import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { PRICE_LABELS } from '../../../lib/display-labels';
import { formatDateTime, validityText } from '../../../lib/format';
import { priceCodeOf } from '../../../lib/membership-rules';
import type { TOfflineCard, TOfflineCards } from '../offline-cards';
import { MembershipQr } from './membership-qr';

/**
 * The cards saved on this device, shown while the server cannot be reached: what the desk needs to see
 * (holder, number, type, validity, QR code) and when they were last read from the server. Worded here, in
 * the page's language: the device keeps only data (offline-cards.ts).
 */
export function OfflineMemberships({ saved, offline, action }: { saved: TOfflineCards; offline: boolean; action?: ReactNode }) {
  const { t } = useLingui();
  const count = saved.cards.length;
  const when = formatDateTime(saved.saved_at);
  return (
    <section aria-labelledby="current-title" className="space-y-3">
      <h2 id="current-title" className="text-lg font-semibold text-slate-900">
        <Plural value={count} one="La tua tessera" other="Le tue tessere" />
      </h2>
      <Alert tone={offline ? 'warning' : 'info'} title={offline ? t`Sei senza connessione` : t`Aggiornamento in corso...`} action={action}>
        <Trans>
          <Plural value={count} one="Tessera salvata" other="Tessere salvate" /> su questo dispositivo, aggiornata il {when}.
        </Trans>
      </Alert>
      {saved.cards.map((card) => (
        <OfflineCard key={card.id} card={card} holder={saved.holder} />
      ))}
    </section>
  );
}

function OfflineCard({ card, holder }: { card: TOfflineCard; holder: string }) {
  const { i18n } = useLingui();
  const validity = validityText(card);
  return (
    <article aria-labelledby={`tessera-${card.id}`} className="flex flex-col items-center gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:gap-6">
      <MembershipQr url={card.verify_url} membershipNumber={card.membership_number} />
      <div className="space-y-1 text-center sm:text-left">
        <p className="text-lg font-semibold text-slate-900">{holder}</p>
        <h3 id={`tessera-${card.id}`} className="font-mono text-xl font-bold text-sea-900">
          {card.membership_number}
        </h3>
        {/* "Tessera stagionale": the price list's name of the card. */}
        <p className="text-sm text-slate-700">{i18n._(PRICE_LABELS[priceCodeOf(card.type)].label)}</p>
        <p className="text-sm text-slate-700">
          <Trans>Valida {validity}</Trans>
        </p>
      </div>
    </article>
  );
}
