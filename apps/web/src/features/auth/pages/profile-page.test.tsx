import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '../../../lib/i18n';
import { creditStatement, jsonResponse, userWithRole } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest, Where } from '../../../test/test-support';
import ProfilePage from './profile-page';

const { handlers, bodiesOf } = stubApiForEachTest('user');

beforeEach(() => {
  handlers['GET /api/me/credit?page=1&per_page=10'] = () => jsonResponse(200, creditStatement());
});

const renderPage = (url: string) =>
  renderAt(
    <>
      <ProfilePage />
      <Where />
    </>,
    { url },
  );

describe('/profilo after a cancelled top-up', () => {
  it('says nothing was charged, once: the parameter leaves the address', async () => {
    renderPage('/profilo?pagamento=annullato');
    expect(screen.getByText('Pagamento annullato: non ti è stato addebitato nulla.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/profilo'));
    expect(screen.getByText('Pagamento annullato: non ti è stato addebitato nulla.')).toBeTruthy();
    await screen.findByTestId('credit-balance');
  });

  it('says nothing on an ordinary visit', async () => {
    renderPage('/profilo');
    await screen.findByTestId('credit-balance');
    expect(screen.queryByText(/Pagamento annullato/)).toBeNull();
  });
});

describe('/profilo, the language', () => {
  it('is shown, and changed with the profile: kept on the account, then the page moves to it', async () => {
    handlers['PUT /api/auth/user-profile'] = (body) => jsonResponse(200, { ...userWithRole('user'), ...(body as object) });
    renderPage('/profilo');
    // An account from before languages came has none: the page's is shown.
    expect(screen.getByText('Lingua').nextElementSibling!.textContent).toBe('Italiano');

    fireEvent.click(screen.getByRole('button', { name: 'Modifica' }));
    fireEvent.change(screen.getByLabelText('Lingua'), { target: { value: 'en' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/en/profilo'));
    expect(bodiesOf('PUT /api/auth/user-profile')).toEqual([{ first_name: 'Giulia', last_name: 'Rossi', phone: null, birth_date: null, locale: 'en' }]);
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
  });
});
