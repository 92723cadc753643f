// Rules the database itself enforces, whatever code writes to it.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/database.js';

const { db } = await useTestDatabase();

const court = await db.court.findUniqueOrThrow({ where: { code: 'C1' } });
const otherCourt = await db.court.findUniqueOrThrow({ where: { code: 'C2' } });
const at = (time: string) => new Date(`2026-07-10T${time}:00+02:00`);
const booking = (courtId: number, from: string, to: string, status: 'confirmed' | 'cancelled' = 'confirmed') =>
  db.booking.create({
    data: { courtId, startsAt: at(from), endsAt: at(to), status, priceCents: 2000, cancelledAt: status === 'cancelled' ? new Date() : null },
  });

describe('bookings', () => {
  it('rejects a second live booking of one court that overlaps the first', async () => {
    await booking(court.id, '09:00', '10:30');
    await expect(booking(court.id, '10:00', '11:30')).rejects.toThrow(/bookings_no_overlap/);
    await expect(booking(court.id, '08:00', '12:00')).rejects.toThrow(/bookings_no_overlap/);
    await expect(db.$executeRaw`INSERT INTO bookings (court_id, starts_at, ends_at, status, price_cents)
      VALUES (${court.id}, ${at('09:30')}, ${at('09:45')}, 'pending_payment', 0)`).rejects.toThrow(/bookings_no_overlap/);
  });

  it('accepts back-to-back bookings, the same time on another court, and over a cancelled one', async () => {
    await booking(court.id, '12:00', '13:30', 'cancelled');
    await expect(booking(court.id, '12:00', '13:30')).resolves.toBeDefined();
    await expect(booking(court.id, '13:30', '15:00')).resolves.toBeDefined();
    await expect(booking(otherCourt.id, '12:00', '13:30')).resolves.toBeDefined();
  });

  it('rejects a booking that ends before it starts', async () => {
    await expect(booking(court.id, '18:00', '17:00')).rejects.toThrow(/bookings_time_range/);
  });
});

describe('memberships, coupons and users', () => {
  it('keeps membership numbers unique and the price equal to original minus discount', async () => {
    const user = await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
    const membership = (number: string, discountCents: number) =>
      db.membership.create({
        data: { membershipNumber: number, userId: user.id, type: 'seasonal', startDate: new Date('2026-01-01'), endDate: new Date('2026-12-31'), originalPriceCents: 6000, discountCents, priceCents: 5000 },
      });
    await membership('T2026-90001', 1000);
    await expect(membership('T2026-90001', 1000)).rejects.toThrow(/membership_number/);
    await expect(membership('T2026-90002', 500)).rejects.toThrow(/memberships_price_is_original_minus_discount/);
  });

  it('allows one BVU card per fiscal code and season', async () => {
    const member = (cardCode: string, season: string) =>
      db.bvuMember.create({ data: { cardCode, season, lastName: 'Bianchi', firstName: 'Luca', fiscalCode: 'BNCLCU90A01H501X' } });
    await member('BVU-1', '2026');
    await expect(member('BVU-2', '2026')).rejects.toThrow(/fiscal_code/);
    await expect(member('BVU-2', '2027')).resolves.toBeDefined();
  });

  it('rejects a percentage coupon above 100 and a lower-case e-mail duplicate', async () => {
    await expect(db.membershipCoupon.create({ data: { code: 'TROPPO', discountType: 'percentage', discountValue: 120 } })).rejects.toThrow(/membership_coupons_percentage_range/);
    await expect(db.user.create({ data: { firstName: 'A', lastName: 'B', email: 'Utente@Demo.Beach', passwordHash: 'x' } })).rejects.toThrow(/users_email_check/);
  });
});
