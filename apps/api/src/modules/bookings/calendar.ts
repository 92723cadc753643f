// Calendar files: one booking as .ics, and a member's feed of confirmed bookings that a
// phone's calendar subscribes to (ical-generator). Every time is written as a UTC instant (`…Z`):
// with a calendar time zone but no VTIMEZONE, ical-generator writes the server's clock without `Z`,
// which calendar apps read as floating local time. Calendar apps show the instant in the phone's zone.
import ical, { type ICalCalendar } from 'ical-generator';
import type { Booking, Court } from '../../generated/prisma/client.js';

const LOCATION = 'Adriatica Beach Arena, spiaggia di fronte a Piazza Marconi, 47841 Cattolica (RN)';

export function bookingsCalendar(name: string, bookings: (Booking & { court: Court })[], origin: string): ICalCalendar {
  const calendar = ical({ name, prodId: { company: 'Adriatica Beach Arena', product: 'prenotazioni', language: 'IT' } });
  for (const booking of bookings) {
    calendar.createEvent({
      id: `booking-${booking.id}@adriaticabeach.it`,
      start: booking.startsAt,
      end: booking.endsAt,
      summary: `${booking.court.name} - Adriatica Beach Arena`,
      location: LOCATION,
      url: `${origin}/le-mie-prenotazioni`,
    });
  }
  return calendar;
}
