import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Input, Select } from './field';
import { Modal } from './modal';
import { Pagination } from './pagination';
import { OFFLINE_MESSAGE, Spinner } from './spinner';
import { render } from '../../test/test-support';

describe('Input and Select', () => {
  it('label the control and tie its error messages to it, one per line', () => {
    render(
      <>
        <Input label="Codice fiscale" required error={['Campo obbligatorio.', 'Massimo 16 caratteri.']} />
        <Select label="Stato" options={[{ value: '', label: 'Tutti' }, { value: 'active', label: 'Attivi' }]} />
      </>,
    );
    const input = screen.getByLabelText(/Codice fiscale/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe('Campo obbligatorio.\nMassimo 16 caratteri.');
    expect(screen.getByLabelText('Stato').querySelectorAll('option')).toHaveLength(2);
  });
});

describe('Pagination', () => {
  it('shows the range in the screen’s words and page of pages, and moves between pages', () => {
    const onPageChange = vi.fn();
    render(<Pagination page={2} lastPage={3} perPage={15} total={40} onPageChange={onPageChange} summary={(from, to, total) => `Mostra ${from} - ${to} di ${total} tessere`} />);
    expect(screen.getByText('Mostra 16 - 30 di 40 tessere')).toBeTruthy();
    expect(screen.getByText('Pagina 2 di 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Successiva' }));
    fireEvent.click(screen.getByRole('button', { name: 'Precedente' }));
    expect(onPageChange.mock.calls).toEqual([[3], [1]]);
  });

  it('disables the buttons at the ends and counts from 0 when empty', () => {
    render(<Pagination page={1} lastPage={1} perPage={10} total={0} onPageChange={() => {}} summary={(from, to, total) => `Mostrando ${from} - ${to} di ${total} coupon`} />);
    expect(screen.getByText('Mostrando 0 - 0 di 0 coupon')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Precedente' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Successiva' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Modal', () => {
  it('shows its title and content only while open, and closes from its button or Escape', () => {
    const onClose = vi.fn();
    const { rerender } = render(<Modal open={false} title="Email Multipla" onClose={onClose}>Contenuto</Modal>);
    expect(screen.queryByText('Contenuto')).toBeNull();
    rerender(<Modal open title="Email Multipla" onClose={onClose} footer={<button type="button">Invia</button>}>Contenuto</Modal>);
    const dialog = screen.getByRole('dialog', { name: 'Email Multipla' });
    expect(dialog.textContent).toContain('Contenuto');
    fireEvent.click(screen.getByRole('button', { name: 'Chiudi' }));
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('Spinner', () => {
  afterEach(() => vi.restoreAllMocks());
  const goOffline = (offline: boolean) =>
    act(() => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
      window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
    });

  it('says the connection is missing instead of spinning, and spins again once it is back; a button’s spinner stays', () => {
    render(
      <>
        <Spinner label="Caricamento delle prenotazioni..." />
        <Spinner size="sm" label="" />
      </>,
    );
    expect(screen.getByRole('status').textContent).toBe('Caricamento delle prenotazioni...');
    goOffline(true);
    expect(screen.getByRole('status').textContent).toBe('Sei senza connessione: la pagina si aggiorna appena torni online.');
    expect(OFFLINE_MESSAGE.message).toBe('Sei senza connessione: la pagina si aggiorna appena torni online.');
    expect(document.querySelectorAll('.animate-spin')).toHaveLength(1);
    goOffline(false);
    expect(screen.getByRole('status').textContent).toBe('Caricamento delle prenotazioni...');
    expect(document.querySelectorAll('.animate-spin')).toHaveLength(2);
  });
});
