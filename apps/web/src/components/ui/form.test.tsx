import { ZEmailBody } from '@beach/contracts';
import { loadParts } from '@beach/i18n/web';
import { i18n } from '@lingui/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '../../test/test-support';
import { Input } from './field';
import { useZodForm } from './form';

function EmailForm() {
  const { field, submit } = useZodForm({ schema: ZEmailBody, defaultValues: { email: '' } });
  return (
    <form noValidate onSubmit={submit(async () => undefined)}>
      <Input label="E-mail" type="email" {...field('email')} />
      <button type="submit">Invia</button>
    </form>
  );
}

/** The same form, filled with an address that is not one, sent. */
async function sendBadAddress() {
  render(<EmailForm />);
  fireEvent.change(screen.getByRole('textbox'), { target: { value: 'non-un-indirizzo' } });
  fireEvent.click(screen.getByRole('button'));
}

describe('a form’s field messages', () => {
  it('are Italian on an Italian page', async () => {
    await sendBadAddress();
    expect(await screen.findByText('Inserisci un indirizzo e-mail valido.')).toBeTruthy();
  });

  it('follow the page’s language: German under a German i18n', async () => {
    await loadParts(i18n, 'de', ['shell', 'contracts']);
    i18n.activate('de');
    await sendBadAddress();
    expect(await screen.findByText('Gib eine gültige E-Mail-Adresse ein.')).toBeTruthy();
  });
});
