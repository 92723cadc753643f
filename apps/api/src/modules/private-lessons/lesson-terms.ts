// The rules of a private lesson's slot (docs/school.md#private-lessons): who reaches which slots, the
// messages, and how a slot reads on the wire for its coach and for members.
import { centsToMoney, defineMessages, type TLessonSlot, type TOpenLesson } from '@beach/contracts';
import type { Prisma, User } from '../../generated/prisma/client.js';
import { isStaff } from '../auth/index.js';
import { isLive } from '../bookings/index.js';

/** What members read (translated); the coach's screen is Italian only (LESSON_COACH_MESSAGES). */
export const LESSON_MESSAGES = defineMessages({
  notFound: /* i18n */ { id: 'api.private_lessons.not_found', message: 'Lezione non trovata.' },
  taken: /* i18n */ { id: 'api.private_lessons.taken', message: 'Questa lezione è già stata prenotata.' },
  courtTaken: /* i18n */ { id: 'api.private_lessons.court_taken', message: 'Il campo della lezione non è più libero a quell’ora.' },
  started: /* i18n */ { id: 'api.private_lessons.started', message: 'Questa lezione è già iniziata.' },
  ownLesson: /* i18n */ { id: 'api.private_lessons.own_lesson', message: 'Non puoi prenotare una tua lezione.' },
  booked: /* i18n */ { id: 'api.private_lessons.booked', message: 'Lezione prenotata: pagala entro il tempo indicato; puoi dividere il prezzo con chi viene con te.' },
});

export const LESSON_COACH_MESSAGES = {
  published: 'Disponibilità pubblicata.',
  withdrawn: 'Disponibilità ritirata.',
  slotNotFound: 'Disponibilità non trovata.',
  otherCoach: 'Puoi pubblicare solo le tue disponibilità.',
  notCoach: 'Scegli un allenatore.',
  notSchoolCourt: 'Le lezioni private si tengono sui campi D.',
  past: 'Quest’orario è già passato.',
  courtBusy: 'Il campo è occupato in quell’orario (un corso, una chiusura o una prenotazione).',
  coachBusy: 'L’allenatore ha già una lezione a quell’ora.',
  courtHasSlot: 'Su quel campo c’è già una lezione pubblicata a quell’ora.',
  booked: 'La lezione è prenotata: non si può ritirare.',
};

/** The slots a viewer reaches: a coach only their own; staff and admins any (or one coach's, if asked). */
export function slotsOf(viewer: User, coachId?: number): Prisma.LessonSlotWhereInput {
  if (!isStaff(viewer)) return { coachId: viewer.id };
  return coachId === undefined ? {} : { coachId };
}

const PERSON = { select: { firstName: true, lastName: true, phone: true } } as const;

/** A slot with its coach, court and bookings: who comes is read from the live one. */
export const SLOT_INCLUDE = {
  coach: { select: { id: true, firstName: true, lastName: true } },
  court: { select: { id: true, code: true } },
  bookings: {
    where: { status: { in: ['pending_payment', 'confirmed'] } },
    include: { user: PERSON, players: { include: { user: PERSON }, orderBy: { id: 'asc' } } },
  },
} as const satisfies Prisma.LessonSlotInclude;

export type SlotRow = Prisma.LessonSlotGetPayload<{ include: typeof SLOT_INCLUDE }>;

const nameOf = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;

/** The coach's view: a player added by address and not yet registered shows that address. */
export function slotDto(slot: SlotRow, now: Date): TLessonSlot {
  const booking = slot.bookings.find((row) => isLive(row, now)) ?? null;
  return {
    id: slot.id,
    coach: { id: slot.coach.id, name: nameOf(slot.coach) },
    court: slot.court,
    starts_at: slot.startsAt.toISOString(),
    ends_at: slot.endsAt.toISOString(),
    price: centsToMoney(slot.priceCents),
    booking: booking && {
      id: booking.id,
      payment_pending: booking.status === 'pending_payment',
      people: [
        { name: booking.user ? nameOf(booking.user) : '', phone: booking.user?.phone ?? null, organiser: true },
        ...booking.players.map((player) => ({
          name: player.user ? nameOf(player.user) : (player.invitedEmail ?? player.guestEmail ?? ''),
          phone: player.user?.phone ?? null,
          organiser: false,
        })),
      ],
    },
  };
}

export type OpenLessonRow = { id: number; starts_at: Date; ends_at: Date; price_cents: number; coach_first_name: string; court_code: string };

export const openLessonDto = (row: OpenLessonRow): TOpenLesson => ({
  id: row.id,
  coach_name: row.coach_first_name,
  court: row.court_code,
  starts_at: row.starts_at.toISOString(),
  ends_at: row.ends_at.toISOString(),
  price: centsToMoney(row.price_cents),
});
