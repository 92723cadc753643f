import { loadParts } from '@beach/i18n/web';
import { i18n } from '@lingui/core';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/test-support';
import { DebtNotice } from './debt-notice';

describe('the notice of a debt after a new booking or enrolment', () => {
  afterEach(() => i18n.activate('it'));

  it('says what the member still owes and links their profile, where they pay it; nothing when nothing is owed', async () => {
    const { unmount } = renderAt(<DebtNotice debt="4.50" />, { url: '/prenota' });
    const notice = screen.getByRole('status');
    expect(notice.textContent).toMatch(/^Devi ancora 4,50\s€ al centro\. ?Saldalo dal tuo profilo con la carta, o in segreteria\.$/);
    expect(screen.getByRole('link', { name: 'profilo' }).getAttribute('href')).toBe('/profilo#credit-title');
    unmount();
    renderAt(<DebtNotice debt={null} />, { url: '/prenota' });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is said in German and English', async () => {
    await loadParts(i18n, 'de', ['shell', 'member', 'contracts']);
    i18n.activate('de');
    const { unmount } = renderAt(<DebtNotice debt="4.50" />, { url: '/de/prenota' });
    expect(screen.getByRole('status').textContent).toMatch(/^Du schuldest dem Zentrum noch 4,50\s€\. ?Begleiche den Betrag in deinem Profil mit Karte oder an der Rezeption\.$/);
    expect(screen.getByRole('link', { name: 'Profil' }).getAttribute('href')).toBe('/de/profilo#credit-title');
    unmount();
    await loadParts(i18n, 'en', ['shell', 'member', 'contracts']);
    i18n.activate('en');
    renderAt(<DebtNotice debt="4.50" />, { url: '/en/prenota' });
    expect(screen.getByRole('status').textContent).toMatch(/^You still owe the centre €4\.50\. ?Settle it from your profile by card, or at reception\.$/);
    expect(screen.getByRole('link', { name: 'profile' }).getAttribute('href')).toBe('/en/profilo#credit-title');
  });
});
