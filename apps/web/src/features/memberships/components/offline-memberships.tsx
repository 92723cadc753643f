import { MEMBERSHIP_TYPE_LABELS } from '@beach/contracts';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { formatDateTime } from '../../../lib/format';
import { validityText } from '../../../lib/format';
import type { TOfflineCards } from '../offline-cards';
import { MembershipQr } from './membership-qr';

/**
 * The cards saved on this device, shown while the server cannot be reached: what the desk needs to see
 * (holder, number, type, validity, QR code) and when they were last read from the server.
 */
export function OfflineMemberships({ saved, offline, action }: { saved: TOfflineCards; offline: boolean; action?: ReactNode }) {
  return (
    <section aria-labelledby="current-title" className="space-y-3">
      <h2 id="current-title" className="text-lg font-semibold text-slate-900">
        {saved.cards.length === 1 ? 'La tua tessera' : 'Le tue tessere'}
      </h2>
      <Alert tone={offline ? 'warning' : 'info'} title={offline ? 'Sei senza connessione' : 'Aggiornamento in corso...'} action={action}>
        {saved.cards.length === 1 ? 'Tessera salvata' : 'Tessere salvate'} su questo dispositivo, aggiornata il {formatDateTime(saved.saved_at)}.
      </Alert>
      {saved.cards.map((card) => (
        <article key={card.id} aria-labelledby={`tessera-${card.id}`} className="flex flex-col items-center gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:gap-6">
          <MembershipQr url={card.verify_url} membershipNumber={card.membership_number} />
          <div className="space-y-1 text-center sm:text-left">
            <p className="text-lg font-semibold text-slate-900">{saved.holder}</p>
            <h3 id={`tessera-${card.id}`} className="font-mono text-xl font-bold text-sea-900">
              {card.membership_number}
            </h3>
            <p className="text-sm text-slate-700">Tessera {MEMBERSHIP_TYPE_LABELS[card.type].toLowerCase()}</p>
            <p className="text-sm text-slate-700">Valida {validityText(card)}</p>
          </div>
        </article>
      ))}
    </section>
  );
}
