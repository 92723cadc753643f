import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { creditStatement, jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest, Where } from '../../../test/test-support';
import ProfilePage from './profile-page';

const { handlers } = stubApiForEachTest('user');

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
