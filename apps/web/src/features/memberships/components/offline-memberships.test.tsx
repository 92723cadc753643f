// The card shown offline follows the page's language: the device keeps data only, worded at display.
import { loadParts } from '@beach/i18n/web';
import { i18n } from '@lingui/core';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userWithRole } from '../../../test/fixtures';
import { aMembership, render } from '../../../test/test-support';
import { readOfflineCards, saveOfflineCards } from '../offline-cards';
import { OfflineMemberships } from './offline-memberships';

const member = userWithRole('user');
const today = '2026-07-15';

async function speak(locale: 'de' | 'en') {
  await loadParts(i18n, locale, ['shell', 'home', 'member', 'contracts']);
  act(() => i18n.activate(locale));
}

describe('the card saved for offline use', () => {
  it('is stored without words and shown in the page’s language, switching with it', async () => {
    saveOfflineCards(member, [aMembership({ start_date: '2026-06-01', end_date: '2026-09-30' })], new Date('2026-07-15T08:30:00Z'), today);
    for (const italian of ['Tessera', 'Stagionale', 'Valida', 'dal ']) expect(localStorage.getItem('offline_cards')).not.toContain(italian);

    await speak('de');
    render(<OfflineMemberships saved={readOfflineCards(member, today)!} offline />);
    expect(screen.getByRole('heading', { name: 'Deine Mitgliedskarte' })).toBeTruthy();
    expect(screen.getByText('Du bist offline')).toBeTruthy();
    expect(screen.getByText('Mitgliedskarte auf diesem Gerät gespeichert, Stand: 15.07.2026, 10:30.')).toBeTruthy();
    expect(screen.getByText('Saison-Mitgliedskarte')).toBeTruthy();
    expect(screen.getByText('Gültig vom 01.06.2026 bis 30.09.2026')).toBeTruthy();

    await speak('en');
    expect(screen.getByRole('heading', { name: 'Your membership card' })).toBeTruthy();
    expect(screen.getByText('Seasonal membership card')).toBeTruthy();
    expect(screen.getByText('Valid from 01/06/2026 to 30/09/2026')).toBeTruthy();
  });
});
