import { loadParts } from '@beach/i18n/web';
import { i18n } from '@lingui/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import LoginPage from './login-page';

const { handlers } = stubApiForEachTest();
// The API answers in the page's language (Accept-Language): here, German.
const NOT_VERIFIED = 'Du musst deine E-Mail-Adresse bestätigen, bevor du dich anmeldest. Sieh in deinem Postfach nach oder fordere einen neuen Link an.';
const SENT = 'Wenn die Adresse registriert und noch nicht bestätigt ist, erhältst du in Kürze einen neuen Bestätigungslink.';

describe('/de/login with an address not confirmed yet', () => {
  it('offers a new confirmation link, and says in German that it left', async () => {
    await loadParts(i18n, 'de', ['shell', 'member', 'contracts']);
    i18n.activate('de');
    handlers['POST /api/auth/login'] = () => jsonResponse(403, { message: NOT_VERIFIED });
    handlers['POST /api/auth/resend-verification'] = () => jsonResponse(200, { message: SENT });
    renderAt(<LoginPage />, { url: '/de/login' });

    fireEvent.change(screen.getByLabelText(/^E-Mail/), { target: { value: 'giulia@esempio.it' } });
    fireEvent.change(screen.getByLabelText(/^Passwort/), { target: { value: 'segreta123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText(NOT_VERIFIED)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Bestätigungslink erneut senden' }));
    expect(await screen.findByText(SENT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bestätigungslink erneut senden' })).toBeNull();
  });
});
