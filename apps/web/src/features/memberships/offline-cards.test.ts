import { describe, expect, it } from 'vitest';
import { session } from '../../lib/session';
import { signIn, userWithRole } from '../../test/fixtures';
import { readOfflineCards, saveOfflineCards } from './offline-cards';
import { aMembership } from '../../test/test-support';

const member = userWithRole('user');
const today = '2026-07-15';
const readAt = new Date('2026-07-15T08:30:00Z');

describe('cards kept on the device for offline use', () => {
  it('keeps only what the card shows, for active cards still valid, and nothing else of the member', () => {
    const active = aMembership({ id: 1, end_date: '2026-09-30' });
    saveOfflineCards(member, [active, aMembership({ id: 2, status: 'pending' }), aMembership({ id: 3, end_date: '2026-07-14' }), aMembership({ id: 4, verify_url: null })], readAt, today);
    expect(readOfflineCards(member, today)).toEqual({
      user_id: member.id,
      holder: 'Giulia Rossi',
      saved_at: '2026-07-15T08:30:00.000Z',
      cards: [{ id: 1, membership_number: active.membership_number, type: 'seasonal', start_date: active.start_date, end_date: '2026-09-30', is_bvu_member: false, verify_url: active.verify_url }],
    });
    const stored = localStorage.getItem('offline_cards')!;
    for (const left of [active.fiscal_code!, active.price, 'has_insurance', 'payment']) expect(stored).not.toContain(left);
  });

  it('shows nothing to another account, nothing past its last day, and forgets a card no longer active', () => {
    saveOfflineCards(member, [aMembership({ end_date: '2026-07-20' })], readAt, today);
    expect(readOfflineCards(userWithRole('user', { id: 8 }), today)).toBeNull();
    expect(readOfflineCards(member, '2026-07-21')).toBeNull();
    saveOfflineCards(member, [aMembership({ status: 'expired' })], readAt, today);
    expect(localStorage.getItem('offline_cards')).toBeNull();
  });

  it('goes with the session: a logout or an expired session removes it', () => {
    signIn('user');
    saveOfflineCards(member, [aMembership()], readAt, today);
    expect(readOfflineCards(member, today)).not.toBeNull();
    session.clear();
    expect(localStorage.getItem('offline_cards')).toBeNull();
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem('offline_cards', '{not json');
    expect(readOfflineCards(member, today)).toBeNull();
    localStorage.setItem('offline_cards', JSON.stringify({ user_id: member.id, cards: 'x' }));
    expect(readOfflineCards(member, today)).toBeNull();
  });
});
