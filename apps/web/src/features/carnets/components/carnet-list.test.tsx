import type { TCarnet } from '@beach/contracts';
import { loadParts } from '@beach/i18n/web';
import { i18n } from '@lingui/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '../../../test/test-support';
import { CarnetList } from './carnet-list';

const carnet = (id: number, overrides: Partial<TCarnet>): TCarnet => ({
  id,
  product: { id: 1, name: 'Carnet 10 ingressi', band: 'any', covers: 'share', court_ids: [] },
  uses_total: 10,
  uses_left: 4,
  valid_from: '2026-06-01',
  valid_until: '2026-09-30',
  usable: true,
  created_at: '2026-06-01T08:00:00.000Z',
  ...overrides,
});

const CARNETS = [carnet(1, {}), carnet(2, { uses_left: 1, usable: false, product: { id: 2, name: 'Campo intero', band: 'day', covers: 'court', court_ids: [] } })];

describe('the member’s carnets', () => {
  it('reads in Italian as it always has', () => {
    render(<CarnetList carnets={CARNETS} />);
    expect(screen.getByTestId('carnet-1').textContent).toBe('Carnet 10 ingressiValido fino al 30/09/2026 · un ingresso paga la quota di chi prenota4 ingressi rimasti su 10');
    expect(screen.getByTestId('carnet-2').textContent).toBe('Campo interoValido fino al 30/09/2026 · un ingresso paga tutto il campo (tutti i giocatori)1 ingressi rimasti su 10Scaduto');
  });

  it('tells one use left from many in English, the product’s name as it is', async () => {
    await loadParts(i18n, 'en', ['shell', 'member']);
    i18n.activate('en');
    render(<CarnetList carnets={CARNETS} />);
    expect(screen.getByRole('list', { name: 'Punch cards' })).toBeTruthy();
    expect(screen.getByTestId('carnet-1').textContent).toBe('Carnet 10 ingressiValid until 30/09/2026 · one use pays the organiser’s share4 uses left of 10');
    expect(screen.getByTestId('carnet-2').textContent).toBe('Campo interoValid until 30/09/2026 · one use pays for the whole court (all players)1 use left of 10Expired');
  });
});
