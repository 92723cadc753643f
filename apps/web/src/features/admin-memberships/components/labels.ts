import type { TPaymentMethod } from '@beach/contracts';

export const PAYMENT_METHOD_LABELS: Record<TPaymentMethod, string> = { cash: 'Contanti', card: 'Carta (POS)', bank_transfer: 'Bonifico', stripe: 'Online (Stripe)' };

