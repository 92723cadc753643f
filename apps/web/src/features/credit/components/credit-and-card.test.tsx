import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { creditStatement, jsonResponse } from '../../../test/fixtures';
import { renderAt, stubApiForEachTest } from '../../../test/test-support';
import { CreditAndCardButton } from './credit-and-card';
import { PayWithCredit } from './pay-with-credit';

const statement = creditStatement;
const { handlers } = stubApiForEachTest('user');

describe('Usa il credito e paga il resto con carta', () => {
  it('offers the balance towards a price it does not cover', async () => {
    handlers['GET /api/me/credit?page=1&per_page=10'] = () => jsonResponse(200, statement('15.00'));
    const onPay = vi.fn();
    renderAt(<CreditAndCardButton price="20.00" loading={false} onPay={onPay} />, { url: '/prenotazioni/pagamento/7' });
    fireEvent.click(await screen.findByRole('button', { name: /^Usa il credito \(15,00\s€\) e paga il resto con carta$/ }));
    expect(onPay).toHaveBeenCalledOnce();
  });

  it('offers only the credit available now, not what is set aside for a payment under way', async () => {
    handlers['GET /api/me/credit?page=1&per_page=10'] = () => jsonResponse(200, statement('30.00', { reserved: '20.00', available: '10.00' }));
    renderAt(<CreditAndCardButton price="20.00" loading={false} onPay={vi.fn()} />, { url: '/prenotazioni/pagamento/7' });
    await screen.findByRole('button', { name: /^Usa il credito \(10,00\s€\) e paga il resto con carta$/ });
  });

  it('leaves the card at least 0,50 €, and is not offered when the balance covers the price (credit alone pays)', async () => {
    handlers['GET /api/me/credit?page=1&per_page=10'] = () => jsonResponse(200, statement('19.80'));
    renderAt(
      <>
        <CreditAndCardButton price="20.00" loading={false} onPay={vi.fn()} />
        <CreditAndCardButton price="19.80" loading={false} onPay={vi.fn()} />
        <PayWithCredit bookingId={8} price="19.80" />
      </>,
      { url: '/prenotazioni/pagamento/7' },
    );
    // Once credit alone is offered for the cheaper booking, the balance is known.
    await screen.findByRole('button', { name: 'Paga con il credito' });
    expect(screen.getAllByRole('button', { name: /^Usa il credito/ }).map((button) => button.textContent)).toEqual([expect.stringMatching(/^Usa il credito \(19,50\s€\)/)]);
  });
});
