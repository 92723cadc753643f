import { romeInstant, SLOTS, type TPlanner } from '@beach/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { anAdminBooking, BOOKING_DAY } from '../../../test/bookings';
import { PlannerGrid } from './planner-grid';
import { render, renderAt } from '../../../test/test-support';

const DAY = BOOKING_DAY;
const at = (time: string) => romeInstant(DAY, time);

type PlannerBooking = TPlanner['bookings'][number];
/** A walk-in's 60 € booking, unpaid. */
const booking = (id: number, courtId: number, start: string, end: string, overrides: Partial<PlannerBooking> = {}): PlannerBooking => ({
  ...anAdminBooking({ id, court: { id: courtId, code: `C${courtId}`, name: `Campo C${courtId}` }, start, end, starts_at: at(start), ends_at: at(end), price: '60.00', owed: '60.00', created_at: at('08:00') }),
  customer: { user_id: null, name: 'Walter Passante', email: null, phone: null },
  checked_in: false,
  ...overrides,
});

const PLANNER: TPlanner = {
  date: DAY,
  today: DAY,
  slots: SLOTS.map(({ start, end, band }) => ({ start, end, band })),
  courts: [
    { id: 1, code: 'C1', name: 'Campo C1', row: 'C', has_lights: true, is_bookable: true },
    { id: 2, code: 'B1', name: 'Campo B1', row: 'B', has_lights: false, is_bookable: false },
  ],
  bookings: [booking(7, 1, '18:00', '22:30')],
  closures: [{ id: 1, court_id: 2, starts_at: at('09:00'), ends_at: at('12:00'), reason: 'Sabbia', course_id: null }],
  prices: { day_slot: '20.00', evening_slot: '40.00', full_day: '60.00', full_day_equipment: '100.00' },
};

describe('PlannerGrid', () => {
  it('spans a booking over its slots, marks closures and dark evenings, and offers the free slots', () => {
    const onBook = vi.fn();
    const onOpen = vi.fn();
    render(<PlannerGrid planner={PLANNER} now={Date.parse(at('00:00'))} onBook={onBook} onOpen={onOpen} />);
    const [c1, b1] = screen.getAllByRole('row').slice(1);

    const walter = within(c1!).getByRole('button', { name: /^Campo C1, Walter Passante 18:00–22:30 · Da pagare/ });
    expect(walter.closest('td')!.colSpan).toBe(3);
    // 10 slots: 6 free before, the booking over 3, one free after.
    expect(within(c1!).getAllByRole('button', { name: /^Prenota Campo C1/ })).toHaveLength(7);
    fireEvent.click(walter);
    expect(onOpen).toHaveBeenCalledWith(PLANNER.bookings[0]);

    expect(within(b1!).getAllByText('Chiuso')).toHaveLength(2);
    expect(within(b1!).getAllByText('Senza luci')).toHaveLength(3);
    fireEvent.click(within(b1!).getByRole('button', { name: 'Prenota Campo B1 alle 12:00' }));
    expect(onBook).toHaveBeenCalledWith(PLANNER.courts[1], 2);
  });

  it('marks "presente" the booking whose member checked in at the desk', () => {
    const planner = { ...PLANNER, bookings: [booking(7, 1, '18:00', '22:30', { checked_in: true }), booking(8, 1, '09:00', '10:30')] };
    render(<PlannerGrid planner={planner} now={Date.parse(at('00:00'))} onBook={vi.fn()} onOpen={vi.fn()} />);
    const c1 = screen.getAllByRole('row')[1]!;
    expect(within(c1).getByRole('button', { name: /^Campo C1, Walter Passante presente 18:00–22:30/ })).toBeTruthy();
    expect(within(c1).getByRole('button', { name: /^Campo C1, Walter Passante 09:00–10:30/ })).toBeTruthy();
    expect(within(c1).getAllByText('presente')).toHaveLength(1);
  });

  it('offers no slot that is already over', () => {
    render(<PlannerGrid planner={PLANNER} now={Date.parse(at('15:10'))} onBook={vi.fn()} onOpen={vi.fn()} />);
    const c1 = screen.getAllByRole('row')[1]!;
    // 09:00–15:00 is over; 15:00, 16:30 and 22:30 are still ahead.
    expect(within(c1).getAllByRole('button', { name: /^Prenota Campo C1/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Prenota Campo C1 alle 15:00',
      'Prenota Campo C1 alle 16:30',
      'Prenota Campo C1 alle 22:30',
    ]);
  });

  it('draws a course’s session apart from closures, as a link to the course', () => {
    const planner = { ...PLANNER, closures: [...PLANNER.closures, { id: 2, court_id: 1, starts_at: at('09:00'), ends_at: at('10:30'), reason: 'Corso: Under 14', course_id: 5 }] };
    renderAt(<PlannerGrid planner={planner} now={Date.parse(at('00:00'))} onBook={vi.fn()} onOpen={vi.fn()} />, { url: '/admin/prenotazioni' });
    const course = within(screen.getAllByRole('row')[1]!).getByRole('link', { name: 'Campo C1: corso Under 14' });
    expect(course.getAttribute('href')).toBe('/admin/corsi?corso=5');
    expect(within(screen.getAllByRole('row')[1]!).queryByText('Chiuso')).toBeNull();
  });
});
