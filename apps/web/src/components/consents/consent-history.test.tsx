import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '../../test/test-support';
import { ConsentHistory } from './consent-history';

const at = (minute: number) => `2027-03-01T09:${String(minute).padStart(2, '0')}:00.000Z`;

describe('ConsentHistory', () => {
  it('says "non dato" for a consent refused at registration, "revocato" only for one given before', () => {
    render(
      <ConsentHistory
        history={[
          { consent: 'privacy', granted: true, detail: '2026-01', at: at(0) },
          { consent: 'photos', granted: false, detail: 'registrazione', at: at(0) },
          { consent: 'newsletter', granted: false, detail: 'registrazione', at: at(0) },
          { consent: 'newsletter', granted: true, detail: null, at: at(5) },
          { consent: 'newsletter', granted: false, detail: null, at: at(9) },
        ]}
      />,
    );
    // The newest first.
    expect(screen.getAllByRole('listitem').map((item) => item.querySelector('span')?.textContent)).toEqual([
      'Newsletter: revocato',
      'Newsletter: dato',
      'Newsletter: non dato',
      'Foto e video: non dato',
      'Informativa sulla privacy: accettata (versione 2026-01)',
    ]);
  });
});
