import type { TAvailability } from '@beach/contracts';
import { loadParts } from '@beach/i18n/web';
import { i18n } from '@lingui/core';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AvailabilityGrid } from './availability-grid';
import { render } from '../../../test/test-support';

const noop = () => {};

/** A day with a court whose cells are free, chosen and taken (the states a member can press). */
const day: TAvailability = {
  date: '2026-11-23',
  season: { start: '2026-05-01', end: '2026-12-31' },
  today: '2026-11-23',
  last_bookable_day: '2026-12-07',
  prices: { day_slot: '10.00', evening_slot: null, full_day: null, full_day_equipment: null },
  courts: [
    {
      id: 1,
      code: 'A1',
      name: 'Campo A1',
      row: null,
      has_lights: false,
      cells: [
        { start: '09:00', end: '10:30', band: 'day', state: 'free', price: '10.00' },
        { start: '10:30', end: '12:00', band: 'day', state: 'free', price: '10.00' },
        { start: '12:00', end: '13:30', band: 'day', state: 'taken', price: null },
      ],
    },
  ],
};

/** Text as axe's label-content-name-mismatch compares it: lower case, without punctuation and symbols, spaces folded. */
const curated = (text: string) => text.toLowerCase().replace(/[\p{P}\p{S}]/gu, ' ').replace(/\s+/g, ' ').trim();
/** What a sighted user reads on a button: its text without the screen readers' only (`sr-only`) parts. */
function visibleText(button: HTMLElement) {
  const copy = button.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('.sr-only')) hidden.remove();
  return copy.textContent ?? '';
}

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

  describe('every cell button is named with the words it shows (WCAG 2.5.3, speech input), in every language', () => {
    afterEach(() => i18n.activate('it'));

    it.each<['it' | 'de' | 'en', string, string]>([
      ['it', 'Campo A1, 12:00–13:30: Occupato Avvisami', 'Avvisami se si libera'],
      ['de', 'Campo A1, 12:00–13:30: Belegt Vormerken', 'Benachrichtige mich, wenn er frei wird'],
      ['en', 'Campo A1, 12:00–13:30: Taken Notify me', 'Let me know if it frees up'],
    ])('%s', async (locale, takenName, takenOffer) => {
      await loadParts(i18n, locale, ['shell', 'member', 'contracts']);
      i18n.activate(locale);
      render(<AvailabilityGrid availability={day} selection={{ courtId: 1, start: 1, count: 1, fullDay: false }} highlighted={null} onPick={noop} onFullDay={noop} onWait={noop} />);
      const names = new Map<HTMLElement, string>();
      const buttons = within(screen.getByRole('table')).getAllByRole('button', {
        name: (name, element) => {
          names.set(element as HTMLElement, name);
          return true;
        },
      });
      // A free cell, the chosen one and the taken one: each name holds the button's visible words.
      expect(buttons).toHaveLength(3);
      for (const button of buttons) expect(curated(names.get(button)!)).toContain(curated(visibleText(button)));
      // The taken cell: court and time, then what it shows; its whole offer is its description.
      const taken = screen.getByRole('button', { name: takenName, description: takenOffer });
      expect(curated(visibleText(taken))).toBe(curated(takenName.split(': ')[1]!));
    });
  });
});
