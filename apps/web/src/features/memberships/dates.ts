// How a card's validity reads (dates in it-IT).
import { formatDate } from '../../lib/format';

export const validityText = (card: { start_date: string; end_date: string }) => `dal ${formatDate(card.start_date)} al ${formatDate(card.end_date)}`;
