import type { TCarnetProduct } from '@beach/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import AdminCarnetProductsPage from './admin-carnet-products-page';

const product = (id: number, overrides: Partial<TCarnetProduct> = {}): TCarnetProduct => ({
  id,
  name: `Carnet ${id}`,
  uses: 10,
  band: 'any',
  covers: 'share',
  court_ids: [],
  price: '80.00',
  valid_from: '2027-05-01',
  valid_until: '2027-09-30',
  is_active: true,
  ...overrides,
});

const { handlers, bodiesOf } = stubApiForEachTest('admin');

beforeEach(() => {
  handlers['GET /api/admin/courts'] = () => jsonResponse(200, { data: [] });
});

describe('/admin/carnet', () => {
  it('lists what one use of each carnet pays: the organiser’s share or the whole court', async () => {
    handlers['GET /api/admin/carnet-products'] = () => jsonResponse(200, { data: [product(1), product(2, { name: 'Campo intero', covers: 'court' })] });
    renderAt(<AdminCarnetProductsPage />, { url: '/admin/carnet' });
    const table = await screen.findByRole('table', { name: 'Carnet' });
    expect(within(table).getByRole('columnheader', { name: 'Un ingresso paga' })).toBeTruthy();
    const [, share, court] = within(table).getAllByRole('row');
    expect(share!.textContent).toContain('La quota di chi prenota');
    expect(court!.textContent).toContain('Tutto il campo (tutti i giocatori)');
  });

  it('warns that a name is taken by another carnet, whatever its case', async () => {
    handlers['GET /api/admin/carnet-products'] = () => jsonResponse(200, { data: [product(1, { name: 'Dieci ingressi', is_active: false }), product(2, { name: 'Campo intero' })] });
    renderAt(<AdminCarnetProductsPage />, { url: '/admin/carnet' });
    await screen.findByRole('table', { name: 'Carnet' });
    fireEvent.click(screen.getByRole('button', { name: 'Nuovo carnet' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Nome/), { target: { value: ' dieci INGRESSI ' } });
    expect((await within(dialog).findByRole('status')).textContent).toContain('Esiste già un carnet con questo nome (non in vendita)');
    fireEvent.change(within(dialog).getByLabelText(/^Nome/), { target: { value: 'Dodici ingressi' } });
    await waitFor(() => expect(within(dialog).queryByRole('status')).toBeNull());
  });

  it('creates a carnet for the organiser’s share unless told otherwise, and keeps what an edited one covers', async () => {
    handlers['GET /api/admin/carnet-products'] = () => jsonResponse(200, { data: [product(2, { name: 'Campo intero', covers: 'court' })] });
    handlers['POST /api/admin/carnet-products'] = (body) => jsonResponse(201, product(3, body as Partial<TCarnetProduct>));
    handlers['PUT /api/admin/carnet-products/2'] = () => jsonResponse(200, product(2, { name: 'Campo intero', covers: 'court' }));
    renderAt(<AdminCarnetProductsPage />, { url: '/admin/carnet' });
    await screen.findByRole('table', { name: 'Carnet' });

    fireEvent.click(screen.getByRole('button', { name: 'Nuovo carnet' }));
    let dialog = await screen.findByRole('dialog');
    const covers = within(dialog).getByLabelText('Ogni ingresso paga') as HTMLSelectElement;
    expect(covers.value).toBe('share');
    expect([...covers.options].map((option) => option.textContent)).toEqual(['La quota di chi prenota', 'Tutto il campo (tutti i giocatori)']);
    fireEvent.change(within(dialog).getByLabelText(/^Nome/), { target: { value: 'Dieci quote' } });
    fireEvent.change(within(dialog).getByLabelText(/^Prezzo/), { target: { value: '50' } });
    fireEvent.change(within(dialog).getByLabelText(/^Valido dal/), { target: { value: '2027-05-01' } });
    fireEvent.change(within(dialog).getByLabelText(/^Valido fino al/), { target: { value: '2027-09-30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await screen.findByText('Carnet “Dieci quote” salvato.');
    expect(bodiesOf('POST /api/admin/carnet-products')).toEqual([expect.objectContaining({ name: 'Dieci quote', covers: 'share' })]);

    fireEvent.click(screen.getByRole('button', { name: 'Modifica Campo intero' }));
    dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Ogni ingresso paga') as HTMLSelectElement).value).toBe('court');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(bodiesOf('PUT /api/admin/carnet-products/2')).toEqual([expect.objectContaining({ covers: 'court' })]));
  });
});
