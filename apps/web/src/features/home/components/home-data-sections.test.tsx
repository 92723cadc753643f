import type { TCarnetProduct, TCourt, TPriceList } from '@beach/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import HomeDataSections from './home-data-sections';
import { render } from '../../../test/test-support';

const PRICES: TPriceList = {
  year: 2027,
  entries: [
    { code: 'membership_seasonal', amount_cents: 6500, note: null },
    { code: 'membership_under_18', amount_cents: 0, note: null },
    { code: 'membership_daily', amount_cents: 500, note: null },
    { code: 'insurance_addon', amount_cents: 1000, note: null },
    { code: 'court_evening_slot', amount_cents: 4000, note: 'Prenotazione minima 1h30' },
  ],
};
const court = (code: string, row: TCourt['row'], position: number, purpose: TCourt['purpose'], isBookable: boolean): TCourt => ({
  id: position + (row ?? 'L').charCodeAt(0) * 10, code, name: `Campo ${code}`, row, position, purpose, has_lights: purpose === 'bookable', is_bookable: isBookable, description: null,
});
const COURTS = [court('B1', 'B', 1, 'members', false), court('C1', 'C', 1, 'bookable', true), court('D1', 'D', 1, 'school', false), court('L1', null, 1, 'free_use', false)];
const CARNETS: TCarnetProduct[] = [
  { id: 1, name: 'Carnet 10 ingressi', uses: 10, band: 'day', covers: 'share', court_ids: [], price: '45.00', valid_from: '2027-05-01', valid_until: '2027-09-30', is_active: true },
];
/** The home page's public reads. */
const publicApi = async (url: string) =>
  url.startsWith('/api/prices') ? jsonResponse(200, PRICES) : url.startsWith('/api/carnet-products') ? jsonResponse(200, { data: CARNETS }) : jsonResponse(200, { data: COURTS });

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(publicApi));
});
afterEach(() => vi.unstubAllGlobals());

const renderSections = () => render(<MemoryRouter><HomeDataSections /></MemoryRouter>);

describe('pricing tables', () => {
  it('renders the price list from the API in euros with 2 decimals, it-IT, with insurance notes', async () => {
    renderSections();
    const memberships = await screen.findByRole('table', { name: 'Tessere' });
    expect(screen.getByRole('heading', { name: 'Tariffe 2027' })).toBeTruthy();
    const seasonal = within(memberships).getByRole('row', { name: /Tessera stagionale/ });
    expect(seasonal.textContent).toContain('65,00\u00a0€');
    expect(seasonal.textContent).toContain('Assicurazione facoltativa: + 10,00\u00a0€');
    expect(within(memberships).getByRole('row', { name: /Tessera under 18/ }).textContent).toContain('Gratuita');
    expect(within(memberships).getByRole('row', { name: /Tessera giornaliera/ }).textContent).toContain('Assicurazione inclusa');
    const courts = screen.getByRole('table', { name: 'Campi' });
    expect(within(courts).getByRole('row', { name: /Fascia serale con luci/ }).textContent).toMatch(/40,00\u00a0€/);
    expect(courts.textContent).toContain('Prenotazione minima 1h30');
    // The carnets on sale and the credit, beside the list.
    const offers = (await screen.findByText('Carnet 10 ingressi')).closest('div')!;
    expect(offers.textContent).toMatch(/10 ingressi · fascia diurna.*30\/09\/2027.*45,00\u00a0€/);
    expect(offers.textContent).toContain('Credito prepagato');
  });
});

describe('a failed read', () => {
  it('shows what failed and reads again on "Riprova"', async () => {
    const fetchMock = vi.fn(publicApi);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchMock);
    renderSections();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Non è stato possibile caricare le tariffe.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByRole('table', { name: 'Tessere' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/prices'))).toHaveLength(2);
  });
});

describe('courts map', () => {
  it('draws every court from the API with a legend of the purposes', async () => {
    renderSections();
    const map = await screen.findByRole('group', { name: 'Mappa dei campi' });
    expect(within(map).getAllByRole('button').map((element) => element.getAttribute('data-court'))).toEqual(['B1', 'C1', 'D1', 'L1']);
    const legend = screen.getByRole('heading', { name: 'Legenda' }).nextElementSibling!;
    for (const label of ['Riservati ai tesserati', 'Prenotabili e illuminati', 'Scuola beach volley e camp', 'Libera utenza', 'Reception']) {
      expect(legend.textContent).toContain(label);
    }
  });

  it('shows a clicked court and, when bookable, links to book it', async () => {
    renderSections();
    const map = await screen.findByRole('group', { name: 'Mappa dei campi' });
    fireEvent.click(within(map).getByRole('button', { name: /Campo C1/ }));
    expect(screen.getByRole('heading', { name: 'Campo C1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Prenota C1' }).getAttribute('href')).toBe('/prenotazioni?campo=C1');

    fireEvent.keyDown(within(map).getByRole('button', { name: /Campo B1/ }), { key: 'Enter' });
    expect(screen.getByRole('heading', { name: 'Campo B1' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Prenota/ })).toBeNull();
    expect(within(map).getByRole('button', { name: /Campo B1/ }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('school', () => {
  it('leads to the courses and summer camps', async () => {
    renderSections();
    const school = await screen.findByRole('region', { name: 'Scuola di beach volley e centri estivi' });
    expect(within(school).getByRole('link', { name: 'Scopri corsi e centri estivi' }).getAttribute('href')).toBe('/scuola');
  });
});
