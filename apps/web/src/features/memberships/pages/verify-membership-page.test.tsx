import type { TMembershipVerification } from '@beach/contracts';
import { loadParts } from '@beach/i18n/web';
import { i18n } from '@lingui/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import VerifyMembershipPage from './verify-membership-page';

const TOKEN = 'Zq3v9K_x1YbN-7hLm2Pw0sTe';
const VERIFY = `GET /api/memberships/verify/${TOKEN}`;
const api = stubApiForEachTest();
const { handlers } = api;

const verification = (status: TMembershipVerification['status']): TMembershipVerification => ({
  status,
  membership_number: 'T2026-00042',
  type: 'under_23',
  start_date: '2026-05-01',
  end_date: '2026-09-30',
  holder: 'Giulia R.',
});
const renderPage = (token = TOKEN) => renderAt(<VerifyMembershipPage />, { url: `/verifica-tessera/${token}`, path: '/verifica-tessera/:token' });
/** The verdict panel's headline, once the check is over. */
const verdict = async () => (await screen.findByText(/^Tessera (valida|non ancora valida|scaduta|non valida)$/)).textContent;

describe('membership verification', () => {
  it.each([
    ['valid', 'Tessera valida', 'bg-emerald-700'],
    ['not_yet_valid', 'Tessera non ancora valida', 'bg-sea-700'],
    ['expired', 'Tessera scaduta', 'bg-amber-400'],
    ['not_valid', 'Tessera non valida', 'bg-coral-600'],
  ] as const)('answers status %s with “%s”, number, type, validity and holder', async (status, title, colour) => {
    handlers[VERIFY] = () => jsonResponse(200, verification(status));
    renderPage();
    expect(await verdict()).toBe(title);
    expect(screen.getByText(title).parentElement!.className).toContain(colour);
    const details = screen.getByText('Intestatario').closest('dl')!.textContent;
    expect(details).toContain('Giulia R.');
    expect(details).toContain('T2026-00042');
    expect(details).toContain('Under 23');
    expect(details).toContain('dal 01/05/2026 al 30/09/2026');
  });

  it('speaks the page’s language: a German desk reads the verdict and the card in German', async () => {
    await loadParts(i18n, 'de', ['shell', 'home', 'member', 'contracts']);
    i18n.activate('de');
    handlers[VERIFY] = () => jsonResponse(200, verification('expired'));
    renderPage();
    expect(await screen.findByText('Mitgliedskarte abgelaufen')).toBeTruthy();
    const details = screen.getByText('Inhaber').closest('dl')!.textContent;
    expect(details).toContain('Unter 23');
    expect(details).toContain('vom 01.05.2026 bis 30.09.2026');
  });

  it('shows an unknown token as not valid', async () => {
    handlers[VERIFY] = () => jsonResponse(404, { message: 'Tessera non trovata.' });
    renderPage();
    expect(await verdict()).toBe('Tessera non valida');
    expect(screen.getByText('Il QR code non corrisponde a nessuna tessera del centro.')).toBeTruthy();
    expect(screen.queryByText('Intestatario')).toBeNull();
  });

  it('does not call the API for a token that cannot be one', async () => {
    renderPage('abc');
    expect(await verdict()).toBe('Tessera non valida');
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('asks to wait after too many scans, and tries again on request', async () => {
    handlers[VERIFY] = () => jsonResponse(429, { message: 'Troppe richieste.' });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Troppe verifiche ravvicinate: riprova tra un minuto.');
    handlers[VERIFY] = () => jsonResponse(200, verification('valid'));
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByText('Tessera valida')).toBeTruthy();
    expect(api.fetchMock).toHaveBeenCalledTimes(2);
  });
});
