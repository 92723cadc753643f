// The offer engine the three waiting lists share: the offer's deadline, and a freed place offered to the
// first in line or given back (each list's own tests cover it through the database).
import { describe, expect, it } from 'vitest';
import { offerExpiry, offerToFirstInLine } from './index.js';

describe('the hold of an offer', () => {
  it('is the offer hours, cut at the cut-off before the next session, and none once the cut-off is reached', () => {
    const now = new Date('2027-06-01T08:00:00Z');
    const rules = { offerHours: 12, cutoffHours: 24 };
    expect(offerExpiry(now, new Date('2027-06-05T08:00:00Z'), rules)).toEqual(new Date('2027-06-01T20:00:00Z'));
    expect(offerExpiry(now, new Date('2027-06-02T14:00:00Z'), rules)).toEqual(new Date('2027-06-01T14:00:00Z'));
    expect(offerExpiry(now, new Date('2027-06-02T08:00:00Z'), rules)).toBeNull();
    expect(offerExpiry(now, null, rules)).toBeNull();
  });
});

describe('a freed place', () => {
  const until = new Date('2027-06-01T20:00:00Z');
  const run = async (expiresAt: Date | null, first: string | null) => {
    const said: string[] = [];
    const asked: string[] = [];
    const offered = await offerToFirstInLine(expiresAt, async () => {
      asked.push('first');
      return first;
    }, {
      offer: async (entry, deadline) => void said.push(`offer ${entry} until ${deadline.toISOString()}`),
      giveBack: async () => void said.push('back'),
    });
    return { offered, said, asked };
  };

  it('is offered to the first in line until the deadline', async () => {
    expect(await run(until, 'Anna')).toEqual({ offered: true, said: [`offer Anna until ${until.toISOString()}`], asked: ['first'] });
  });

  it('goes back with nobody waiting', async () => {
    expect(await run(until, null)).toEqual({ offered: false, said: ['back'], asked: ['first'] });
  });

  it('goes back without asking who waits once no offer can be made (inside the cut-off)', async () => {
    expect(await run(null, 'Anna')).toEqual({ offered: false, said: ['back'], asked: [] });
  });
});
