import { describe, expect, it } from 'vitest';
import { dueNowCents, instalmentPlan, instalmentStates, toPayNow } from './instalments.js';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const plain = { depositCents: null, balanceDueOn: null, instalmentDates: [] as Date[] };

describe('instalmentPlan', () => {
  it('asks everything today of a course without deposit or instalment dates, and nothing of a free trial', () => {
    expect(instalmentPlan(plain, 12_000, '2027-05-10', 'course')).toEqual([{ seq: 1, amountCents: 12_000, dueOn: '2027-05-10' }]);
    expect(instalmentPlan(plain, 0, '2027-05-10', 'trial')).toEqual([]);
  });

  it('splits a camp into its deposit today and the balance by its date', () => {
    const camp = { ...plain, depositCents: 5_000, balanceDueOn: day('2027-06-07') };
    expect(instalmentPlan(camp, 15_000, '2027-05-10', 'course')).toEqual([
      { seq: 1, amountCents: 5_000, dueOn: '2027-05-10' },
      { seq: 2, amountCents: 10_000, dueOn: '2027-06-07' },
    ]);
    // Enrolled after the balance date: the balance is due at once; a price not above the deposit is one payment.
    expect(instalmentPlan(camp, 15_000, '2027-06-09', 'course')[1]).toEqual({ seq: 2, amountCents: 10_000, dueOn: '2027-06-09' });
    expect(instalmentPlan(camp, 5_000, '2027-05-10', 'course')).toEqual([{ seq: 1, amountCents: 5_000, dueOn: '2027-05-10' }]);
  });

  it('splits a season course in whole euros over its later dates, the first part taking the rest', () => {
    const season = { ...plain, instalmentDates: [day('2027-07-01'), day('2027-06-01')] };
    expect(instalmentPlan(season, 25_050, '2027-05-10', 'course')).toEqual([
      { seq: 1, amountCents: 8_450, dueOn: '2027-05-10' },
      { seq: 2, amountCents: 8_300, dueOn: '2027-06-01' },
      { seq: 3, amountCents: 8_300, dueOn: '2027-07-01' },
    ]);
    // A date already reached folds into the first instalment; a single lesson is never split.
    expect(instalmentPlan(season, 20_000, '2027-06-01', 'course')).toEqual([
      { seq: 1, amountCents: 10_000, dueOn: '2027-06-01' },
      { seq: 2, amountCents: 10_000, dueOn: '2027-07-01' },
    ]);
    expect(instalmentPlan(season, 2_000, '2027-05-10', 'lesson')).toHaveLength(1);
  });
});

describe('dueNowCents', () => {
  const plan = [
    { amountCents: 5_000, dueOn: '2027-05-10' },
    { amountCents: 10_000, dueOn: '2027-06-07' },
  ];
  it('is the instalments due by today less what was paid, never more than owed', () => {
    expect(dueNowCents(plan, 15_000, 15_000, '2027-05-10')).toBe(5_000);
    expect(dueNowCents(plan, 15_000, 10_000, '2027-05-20')).toBe(0);
    expect(dueNowCents(plan, 15_000, 10_000, '2027-06-07')).toBe(10_000);
    expect(dueNowCents(plan, 15_000, 0, '2027-06-07')).toBe(0);
  });
});

describe('instalmentStates and toPayNow', () => {
  const plan = [
    { seq: 1, amountCents: 3_000, dueOn: '2027-05-10' },
    { seq: 2, amountCents: 3_000, dueOn: '2027-06-01' },
    { seq: 3, amountCents: 4_000, dueOn: '2027-07-01' },
  ];
  it('reads an instalment paid when the running total up to it is paid, overdue after the grace days', () => {
    const states = instalmentStates(plan, 10_000, 5_000, '2027-06-05', 3);
    expect(states.map((row) => [row.paid, row.overdue])).toEqual([[true, false], [false, true], [false, false]]);
    expect(instalmentStates(plan, 10_000, 5_000, '2027-06-04', 3)[1]!.overdue).toBe(false);
  });

  it('pays what is due now, else the next instalment, or up to the one named; nothing for one already paid', () => {
    const owed = 7_000;
    const states = instalmentStates(plan, 10_000, owed, '2027-07-02', 0);
    expect(toPayNow(states, 10_000, owed, '2027-07-02')).toEqual({ seq: 3, cents: 7_000 });
    expect(toPayNow(states, 10_000, owed, '2027-06-02')).toEqual({ seq: 2, cents: 3_000 });
    expect(toPayNow(states, 10_000, owed, '2027-05-20')).toEqual({ seq: 2, cents: 3_000 });
    expect(toPayNow(states, 10_000, owed, '2027-05-20', 3)).toEqual({ seq: 3, cents: 7_000 });
    expect(toPayNow(states, 10_000, owed, '2027-05-20', 1)).toBeNull();
    expect(toPayNow(instalmentStates(plan, 10_000, 0, '2027-07-02', 0), 10_000, 0, '2027-07-02')).toBeNull();
  });
});
