import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, signIn } from '../../../test/fixtures';
import { renderAt, stubApi } from '../../../test/test-support';
import ProfilePage from './profile-page';

function Address() {
  const location = useLocation();
  return <p data-testid="address">{location.pathname + location.search}</p>;
}

const handlers: Parameters<typeof stubApi>[0] = {};

beforeEach(() => {
  for (const key of Object.keys(handlers)) delete handlers[key];
  stubApi(handlers);
  signIn('user');
  handlers['GET /api/me/credit?page=1&per_page=10'] = () =>
    jsonResponse(200, { balance: '0.00', reserved: '0.00', available: '0.00', refundable: '0.00', owed: '0.00', top_up_min: '10.00', top_up_max: '200.00', data: [], current_page: 1, last_page: 1, total: 0, per_page: 10 });
});

const renderPage = (url: string) =>
  renderAt(
    <>
      <ProfilePage />
      <Address />
    </>,
    { url },
  );

describe('/profilo after a cancelled top-up', () => {
  it('says nothing was charged, once: the parameter leaves the address', async () => {
    renderPage('/profilo?pagamento=annullato');
    expect(screen.getByText('Pagamento annullato: non ti è stato addebitato nulla.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/profilo'));
    expect(screen.getByText('Pagamento annullato: non ti è stato addebitato nulla.')).toBeTruthy();
    await screen.findByTestId('credit-balance');
  });

  it('says nothing on an ordinary visit', async () => {
    renderPage('/profilo');
    await screen.findByTestId('credit-balance');
    expect(screen.queryByText(/Pagamento annullato/)).toBeNull();
  });
});
