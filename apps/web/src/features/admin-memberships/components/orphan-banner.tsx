import clsx from 'clsx';
import { MEMBERSHIP_TYPE_LABELS, type TAdminMembership } from '@beach/contracts';
import CheckCircle from 'lucide-react/icons/circle-check';
import Link from 'lucide-react/icons/link';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { formatDate } from '../../../lib/format';
import type { MembershipActions } from './use-membership-actions';

/** Rows shown before "Mostra tutte" (one on a phone): the memberships table stays within reach. */
const PREVIEW_ROWS = 3;

/**
 * Admin-only yellow banner of the pending cards with no completed payment: the first few, then all of
 * them on request in a list that scrolls within the banner, so even hundreds never push the table down.
 */
export function OrphanBanner({ memberships, actions, onLinkPayment }: { memberships: TAdminMembership[]; actions: MembershipActions; onLinkPayment: (membership: TAdminMembership) => void }) {
  const [expanded, setExpanded] = useState(false);
  if (memberships.length === 0) return null;
  const count = memberships.length;
  const shown = expanded ? memberships : memberships.slice(0, PREVIEW_ROWS);
  return (
    <section aria-labelledby="orphans-title" className="rounded-xl border border-amber-400 bg-amber-50 p-4 text-amber-950 shadow-sm">
      <h2 id="orphans-title" className="flex items-center gap-2 text-lg font-semibold">
        <TriangleAlert aria-hidden="true" className="h-5 w-5 text-amber-600" />
        Tessere da Attivare
      </h2>
      <p className="mt-1 text-sm">
        {count === 1 ? 'C’è 1 tessera in attesa' : `Ci sono ${count} tessere in attesa`} senza un pagamento completato: attivala oppure collegala al pagamento ricevuto.
      </p>
      {/* Expanded, the list scrolls by itself: focusable and named so keyboard users can scroll it too. */}
      <ul
        id="orphans-list"
        className={clsx('mt-3 divide-y divide-amber-200', expanded && 'max-h-80 overflow-y-auto rounded-lg border border-amber-200 bg-white/60 px-3 focus-visible:outline-2 focus-visible:outline-amber-600')}
        tabIndex={expanded ? 0 : undefined}
        aria-label={expanded ? `Tutte le ${count} tessere da attivare` : undefined}
      >
        {shown.map((membership, index) => (
          <li key={membership.id} aria-label={`Tessera ${membership.membership_number}`} className={clsx('flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between', !expanded && index > 0 && 'max-sm:hidden')}>
            <div className="text-sm">
              <p className="font-semibold">
                {membership.membership_number} · {membership.user.first_name} {membership.user.last_name}
              </p>
              <p className="text-amber-900/80">
                {membership.user.email} · {MEMBERSHIP_TYPE_LABELS[membership.type]} · creata il {formatDate(membership.created_at)}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => void actions.activate(membership)} loading={actions.isActivating(membership.id)} loadingText="Attivazione...">
                <CheckCircle aria-hidden="true" className="h-4 w-4" />
                Attiva<span className="sr-only"> la tessera {membership.membership_number}</span>
              </Button>
              <Button size="sm" variant="secondary" onClick={() => onLinkPayment(membership)}>
                <Link aria-hidden="true" className="h-4 w-4" />
                Collega pagamento<span className="sr-only"> alla tessera {membership.membership_number}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {count > 1 && (
        <Button
          variant="ghost"
          size="sm"
          className={clsx('mt-2 text-amber-950 hover:bg-amber-100', count <= PREVIEW_ROWS && 'sm:hidden')}
          aria-expanded={expanded}
          aria-controls="orphans-list"
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Mostra meno' : `Mostra tutte le ${count} tessere`}
        </Button>
      )}
    </section>
  );
}
