// Instants read as Rome wall time (the organiser types and reads days and hours in Rome) and back.
import { romeInstant } from '@beach/contracts';

const romeWall = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** An instant as its Rome day and time: { day: 'YYYY-MM-DD', time: 'HH:MM' }. */
export function romeWallOf(instant: string) {
  const [day, time] = romeWall.format(new Date(instant)).split(' ');
  return { day: day!, time: time! };
}

/** An instant as a datetime-local field's value, in Rome ("2027-06-01T09:00"). */
export const romeLocalInput = (instant: string) => {
  const { day, time } = romeWallOf(instant);
  return `${day}T${time}`;
};

/** A datetime-local field's value (Rome) as an instant; as typed when it is not a whole date and time (the contract says so). */
export const instantOfRomeLocal = (value: string) => {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(value);
  return match ? romeInstant(match[1]!, match[2]!) : value;
};
