// The switcher keeps a signed-in member's choice on the account too (users.locale), and a visitor's only in
// this browser.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '../lib/i18n';
import { session } from '../lib/session';
import { jsonResponse, signIn, userWithRole } from '../test/fixtures';
import { renderAt, stubApiForEachTest } from '../test/test-support';
import { LanguageSwitcher } from './language-switcher';

const UPDATE_PROFILE = 'PUT /api/auth/user-profile';
const api = stubApiForEachTest();

const renderSwitcher = () => renderAt(<LanguageSwitcher />, { url: '/profilo' });
/** The account module is loaded on the click: once it is, and its answer had a turn, nothing more can be sent. */
const settled = () => import('../features/auth/api/account-locale').then(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('the language switcher', () => {
  it('stores a signed-in member’s choice on the account, with the rest of the profile as it is', async () => {
    signIn('user');
    api.handlers[UPDATE_PROFILE] = (body) => jsonResponse(200, { ...userWithRole('user'), ...(body as object) });
    renderSwitcher();
    fireEvent.click(screen.getByRole('link', { name: 'DE Deutsch' }));

    await waitFor(() => expect(api.bodiesOf(UPDATE_PROFILE)).toEqual([{ first_name: 'Giulia', last_name: 'Rossi', phone: null, birth_date: null, locale: 'de' }]));
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de');
    await waitFor(() => expect(session.get()?.user.locale).toBe('de'));
  });

  it('does not ask again for the language the account already has', async () => {
    signIn('user');
    session.update({ user: userWithRole('user', { locale: 'en' }) });
    renderSwitcher();
    fireEvent.click(screen.getByRole('link', { name: 'EN English' }));
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
    await settled();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('keeps a visitor’s choice in this browser only', async () => {
    renderSwitcher();
    fireEvent.click(screen.getByRole('link', { name: 'EN English' }));
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
    await settled();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});
