import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AvailabilityGrid } from './availability-grid';
import { render } from '../../../test/test-support';

const noop = () => {};

describe('AvailabilityGrid', () => {
  it('names its day in Italian words for screen readers, not in ISO', () => {
    render(
      <AvailabilityGrid
        availability={{
          date: '2026-11-23',
          season: { start: '2026-05-01', end: '2026-12-31' },
          today: '2026-11-23',
          last_bookable_day: '2026-12-07',
          prices: { day_slot: '10.00', evening_slot: null, full_day: null, full_day_equipment: null },
          courts: [{ id: 1, code: 'A1', name: 'Campo A1', row: null, has_lights: false, cells: [{ start: '09:00', end: '10:30', band: 'day', state: 'free', price: '10.00' }] }],
        }}
        selection={null}
        highlighted={null}
        onPick={noop}
        onFullDay={noop}
        onWait={noop}
      />,
    );
    expect(screen.getByRole('table', { name: 'Disponibilità dei campi lunedì 23 novembre 2026' })).toBeTruthy();
  });
});
