import type { TPaymentMethod, TPaymentStatus } from '@beach/contracts';

export const PAYMENT_METHOD_LABELS: Record<TPaymentMethod, string> = { cash: 'Contanti', card: 'Carta (POS)', bank_transfer: 'Bonifico', stripe: 'Online (Stripe)' };

export const PAYMENT_STATUS_LABELS: Record<TPaymentStatus, string> = {
  completed: 'Completato',
  pending: 'In attesa',
  failed: 'Fallito',
  abandoned: 'Abbandonato',
  refunded: 'Rimborsato',
  partially_refunded: 'Rimborsato in parte',
};
