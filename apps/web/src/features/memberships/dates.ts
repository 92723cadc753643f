// Calendar days as the centre counts them: YYYY-MM-DD in Europe/Rome (a phone abroad still agrees).
import { formatDate } from '../../lib/format';

const romeDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' });

export const todayInRome = () => romeDay.format(new Date());

export const validityText = (card: { start_date: string; end_date: string }) => `dal ${formatDate(card.start_date)} al ${formatDate(card.end_date)}`;
