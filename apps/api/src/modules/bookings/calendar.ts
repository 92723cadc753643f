// Calendar files: one booking as .ics, and a member's feed of confirmed bookings that a phone's calendar
// subscribes to (ical-generator), worded in the member's language (users.locale). Every time is written as a UTC instant (`…Z`):
// with a calendar time zone but no VTIMEZONE, ical-generator writes the server's clock without `Z`,
// which calendar apps read as floating local time. Calendar apps show the instant in the phone's zone.
import { defineMessages } from '@beach/contracts';
import ical, { type ICalCalendar } from 'ical-generator';
import type { Booking, Court } from '../../generated/prisma/client.js';
import { i18nFor, localizedUrl, localizedWhen, sayer } from '../../lib/i18n.js';

const messages = defineMessages({
  name: /* i18n */ { id: 'api.bookings.calendar_name', message: 'Prenotazioni di {name} - Adriatica Beach Arena' },
  summary: /* i18n */ { id: 'api.bookings.calendar_summary', message: '{court} - Adriatica Beach Arena' },
  description: /* i18n */ { id: 'api.bookings.calendar_description', message: 'Prenotazione del {court}: {when}. Le tue prenotazioni: {url}' },
  location: /* i18n */ { id: 'api.bookings.calendar_location', message: 'Adriatica Beach Arena, spiaggia di fronte a Piazza Marconi, 47841 Cattolica (RN)' },
});

/** The bookings of `owner` as a calendar in their language; a feed is named after them, a single booking's file after the centre. */
export function bookingsCalendar(
  owner: { firstName: string; locale: string },
  bookings: (Booking & { court: Court })[],
  origin: string,
  { feed = false } = {},
): ICalCalendar {
  const i18n = i18nFor(owner.locale);
  const say = sayer(i18n);
  const url = localizedUrl(i18n.locale, `${origin}/le-mie-prenotazioni`);
  const name = feed ? say(messages.name, { name: owner.firstName }) : 'Adriatica Beach Arena';
  const calendar = ical({ name, prodId: { company: 'Adriatica Beach Arena', product: 'prenotazioni', language: i18n.locale.toUpperCase() } });
  for (const booking of bookings) {
    const court = booking.court.name;
    calendar.createEvent({
      id: `booking-${booking.id}@adriaticabeach.it`,
      start: booking.startsAt,
      end: booking.endsAt,
      summary: say(messages.summary, { court }),
      description: say(messages.description, { court, when: localizedWhen(booking), url }),
      location: say(messages.location),
      url,
    });
  }
  return calendar;
}
