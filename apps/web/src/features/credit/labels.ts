// The contracts' credit tables (movement kinds, how the desk is paid, how credit is refunded), in the
// page's language. The contracts keep their Italian for the API; each code gets its message here, with that
// very Italian as its source (labels.test.ts keeps the two equal).
import type { CREDIT_REFUND_METHODS, DEBT_SETTLE_METHODS, DESK_TOP_UP_METHODS, TCreditMovementKind } from '@beach/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const CREDIT_MOVEMENT_LABELS: Record<TCreditMovementKind, MessageDescriptor> = {
  top_up: msg`Ricarica`,
  payment: msg`Pagamento`,
  hold: msg`Riservato per un pagamento in corso`,
  returned: msg`Pagamento restituito`,
  refund_to_card: msg`Rimborso su carta`,
  desk_adjustment: msg`Rettifica in segreteria`,
  rain_credit: msg`Credito per maltempo`,
  cash_refund: msg`Rimborso in contanti`,
  stripe_refund: msg`Ricarica rimborsata dalla banca`,
  refund_failed: msg`Rimborso sulla carta non riuscito: importo nel credito`,
  debt_settled: msg`Saldato quanto dovuto al centro`,
};

/** How a top-up or a carnet is paid at the desk. */
export const DESK_TOP_UP_METHOD_LABELS: Record<(typeof DESK_TOP_UP_METHODS)[number], MessageDescriptor> = {
  cash: msg`Contanti`,
  card: msg`POS`,
  bank_transfer: msg`Bonifico`,
};

export const CREDIT_REFUND_METHOD_LABELS: Record<(typeof CREDIT_REFUND_METHODS)[number], MessageDescriptor> = { card: msg`Sulla carta`, cash: msg`In contanti` };

/** How the desk collects what a member owes the centre. */
export const DEBT_SETTLE_METHOD_LABELS: Record<(typeof DEBT_SETTLE_METHODS)[number], MessageDescriptor> = { cash: msg`Contanti`, card: msg`POS`, credit: msg`Dal credito` };
