import { act, fireEvent, renderHook, screen, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConfirm } from './confirm-dialog';
import { DataTable, type DataColumn, type RowId, type Sorting } from './data-table';
import { DetailModal, DetailSection } from './detail-modal';
import { FilterBar } from './filter-bar';
import { useNotices } from './notices';
import { SEARCH_DEBOUNCE_MS, useDebouncedSearch } from './use-debounced-search';
import { useListState } from './use-list-state';
import { render } from '../../test/test-support';

interface Card {
  id: number;
  number: string;
}
const CARDS: Card[] = [
  { id: 1, number: 'T2026-00001' },
  { id: 2, number: 'T2026-00002' },
  { id: 3, number: 'T2026-00003' },
];
const columns: DataColumn<Card>[] = [{ key: 'number', header: 'Numero', cell: (row) => row.number, sortKey: 'membership_number' }];

function SelectableTable({ rows = CARDS }: { rows?: Card[] }) {
  const [selected, setSelected] = useState<Set<RowId>>(new Set());
  return (
    <>
      <DataTable caption="Tessere" columns={columns} rows={rows} rowKey={(row) => row.id} empty="Nessuna tessera trovata" selection={{ selected, onChange: setSelected, rowLabel: (row) => `Seleziona la tessera ${row.number}` }} />
      <p data-testid="chosen">{[...selected].join(',')}</p>
    </>
  );
}

// jsdom applies no CSS: the phone's select-all (hidden from a tablet up) is also in the page, first.
const selectAll = () => screen.getAllByRole('checkbox', { name: 'Seleziona tutte' });

describe('DataTable', () => {
  it('selects rows one by one and all at once, with a mixed state in between', () => {
    render(<SelectableTable />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleziona la tessera T2026-00002' }));
    expect(screen.getByTestId('chosen').textContent).toBe('2');
    const [, headerBox] = selectAll() as HTMLInputElement[];
    expect(headerBox!.indeterminate).toBe(true);
    expect(headerBox!.checked).toBe(false);

    fireEvent.click(headerBox!);
    expect(screen.getByTestId('chosen').textContent).toBe('2,1,3');
    expect((selectAll()[0] as HTMLInputElement).checked).toBe(true);

    fireEvent.click(selectAll()[0]!);
    expect(screen.getByTestId('chosen').textContent).toBe('');
  });

  it('shows the empty state across all columns and disables select-all', () => {
    render(<SelectableTable rows={[]} />);
    expect(screen.getByRole('cell').textContent).toBe('Nessuna tessera trovata');
    expect(screen.getByRole('cell').getAttribute('colspan')).toBe('2');
    expect(screen.queryAllByRole('checkbox', { name: 'Seleziona tutte' }).every((box) => (box as HTMLInputElement).disabled)).toBe(true);
  });

  it('marks the sorted column with aria-sort and flips the order from its header button', () => {
    const onChange = vi.fn<Sorting['onChange']>();
    const { rerender } = render(<DataTable caption="Tessere" columns={columns} rows={CARDS} rowKey={(row) => row.id} empty="" sorting={{ by: 'created_at', order: 'desc', onChange }} />);
    const header = screen.getByRole('columnheader', { name: /Numero/ });
    expect(header.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(header).getByRole('button'));
    expect(onChange).toHaveBeenLastCalledWith('membership_number', 'asc');

    rerender(<DataTable caption="Tessere" columns={columns} rows={CARDS} rowKey={(row) => row.id} empty="" sorting={{ by: 'membership_number', order: 'asc', onChange }} />);
    expect(screen.getByRole('columnheader', { name: /Numero/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Numero/ })).getByRole('button'));
    expect(onChange).toHaveBeenLastCalledWith('membership_number', 'desc');
  });

  it('gives each value its column name for the phone layout', () => {
    render(<DataTable caption="Tessere" columns={columns} rows={CARDS.slice(0, 1)} rowKey={(row) => row.id} empty="" />);
    expect(screen.getByRole('cell').textContent).toBe('NumeroT2026-00001');
  });
});

describe('FilterBar', () => {
  it('reports the search and the selects, shows the total and clears', () => {
    const onSearch = vi.fn();
    const onStatus = vi.fn();
    const onClear = vi.fn();
    render(
      <FilterBar
        search={{ label: 'Cerca', value: '', onChange: onSearch }}
        selects={[{ name: 'status', label: 'Stato', value: '', options: [{ value: '', label: 'Tutti gli stati' }, { value: 'active', label: 'Attiva' }], onChange: onStatus }]}
        onClear={onClear}
        canClear
        total="42 tessere"
      />,
    );
    fireEvent.change(screen.getByLabelText('Cerca'), { target: { value: 'rossi' } });
    fireEvent.change(screen.getByLabelText('Stato'), { target: { value: 'active' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancella filtri' }));
    expect(onSearch).toHaveBeenCalledWith('rossi');
    expect(onStatus).toHaveBeenCalledWith('active');
    expect(onClear).toHaveBeenCalledOnce();
    expect(screen.getByText('42 tessere')).toBeTruthy();
  });

  it('disables "Cancella filtri" when nothing is filtered', () => {
    render(<FilterBar search={{ label: 'Cerca', value: '', onChange: () => {} }} onClear={() => {}} canClear={false} total="0 tessere" />);
    expect((screen.getByRole('button', { name: 'Cancella filtri' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('search and list state', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('applies the search 500 ms after the last key, and an emptied box at once', () => {
    const { result } = renderHook(() => useDebouncedSearch());
    act(() => result.current.setText('ros'));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 100));
    act(() => result.current.setText('rossi '));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(result.current.search).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.search).toBe('rossi');
    act(() => result.current.setText(''));
    expect(result.current.search).toBe('');
  });

  /** The hook inside a router opened at `address`, with the address it leaves. */
  const renderListState = <Filters extends Record<string, string>>(emptyFilters: Filters, address = '/admin/lista', options = {}) =>
    renderHook(() => ({ ...useListState(emptyFilters, options), address: useLocation().pathname + useLocation().search }), {
      wrapper: ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[address]}>{children}</MemoryRouter>,
    });

  it('goes back to page 1 when the search or a filter changes, and clears everything', () => {
    const { result } = renderListState({ status: '', type: '' });
    act(() => result.current.setPage(3));
    expect(result.current.page).toBe(3);
    act(() => result.current.setFilter('status', 'active'));
    expect(result.current.page).toBe(1);
    expect(result.current.filtered).toBe(true);

    act(() => result.current.setPage(2));
    act(() => result.current.setText('rossi'));
    expect(result.current.page).toBe(2);
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(result.current.search).toBe('rossi');
    expect(result.current.page).toBe(1);

    act(() => result.current.setPage(2));
    act(() => result.current.clear());
    expect(result.current.page).toBe(1);
    expect(result.current.filters).toEqual({ status: '', type: '' });
    expect(result.current.search).toBe('');
    expect(result.current.filtered).toBe(false);
    expect(result.current.address).toBe('/admin/lista');
  });

  it('keeps the page, the search and the filters in the address, so a reload opens the same rows', () => {
    const { result } = renderListState({ role: '' }, '/admin/users', { searchOnEnter: true });
    act(() => result.current.setText('rossi'));
    act(() => result.current.submitSearch());
    act(() => result.current.setFilter('role', 'staff'));
    act(() => result.current.setPage(3));
    expect(result.current.address).toBe('/admin/users?cerca=rossi&role=staff&pagina=3');

    // Opened again at that address (a reload): the same page, search, box text and filter.
    const reloaded = renderListState({ role: '' }, result.current.address, { searchOnEnter: true });
    expect(reloaded.result.current).toMatchObject({ page: 3, search: 'rossi', text: 'rossi', filters: { role: 'staff' }, filtered: true });
    act(() => reloaded.result.current.setPage(1));
    expect(reloaded.result.current.address).toBe('/admin/users?cerca=rossi&role=staff');
  });

  it('leaves a filter at its default out of the address, and reads a page that is not a number as page 1', () => {
    const { result } = renderListState({ season: '2026' }, '/admin/libro-soci?pagina=abc&season=2025');
    expect(result.current).toMatchObject({ page: 1, filters: { season: '2025' } });
    act(() => result.current.setFilter('season', '2026'));
    expect(result.current.address).toBe('/admin/libro-soci');
  });
});

describe('useConfirm', () => {
  function Confirmable({ onAnswer }: { onAnswer: (confirmed: boolean) => void }) {
    const { confirm, dialog } = useConfirm();
    return (
      <>
        <button type="button" onClick={async () => onAnswer(await confirm({ title: 'Elimina tessera', message: 'Questa azione non può essere annullata.', confirmLabel: 'Elimina', tone: 'danger' }))}>
          Elimina
        </button>
        {dialog}
      </>
    );
  }

  it('resolves true on confirm and false on cancel or Escape, closing the dialog', async () => {
    const onAnswer = vi.fn();
    render(<Confirmable onAnswer={onAnswer} />);
    fireEvent.click(screen.getByRole('button', { name: 'Elimina' }));
    const dialog = screen.getByRole('dialog', { name: 'Elimina tessera' });
    expect(dialog.textContent).toContain('Questa azione non può essere annullata.');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Elimina' })));
    expect(onAnswer).toHaveBeenLastCalledWith(true);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Elimina' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Annulla' })));
    expect(onAnswer).toHaveBeenLastCalledWith(false);

    fireEvent.click(screen.getByRole('button', { name: 'Elimina' }));
    await act(async () => fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true })));
    expect(onAnswer).toHaveBeenLastCalledWith(false);
    expect(onAnswer).toHaveBeenCalledTimes(3);
  });
});

describe('DetailModal', () => {
  it('shows titled sections and leaves out the values that are missing', () => {
    render(
      <DetailModal open title="Dettagli tessera" onClose={() => {}}>
        <DetailSection title="Informazioni utente" items={[{ label: 'Nome', value: 'Giulia Rossi' }, { label: 'Telefono', value: null }]} />
      </DetailModal>,
    );
    const section = screen.getByRole('region', { name: 'Informazioni utente' });
    expect(within(section).getByText('Giulia Rossi')).toBeTruthy();
    expect(within(section).queryByText('Telefono')).toBeNull();
  });
});

describe('useNotices', () => {
  function Notifier() {
    const { notify, region } = useNotices();
    return (
      <>
        <button type="button" onClick={() => notify('Tessera T2026-00001 attivata con successo!')}>ok</button>
        <button type="button" onClick={() => notify('Errore: tessera già attiva', 'error')}>ko</button>
        {region}
      </>
    );
  }

  it('announces successes politely and errors at once, each dismissible', () => {
    render(<Notifier />);
    fireEvent.click(screen.getByRole('button', { name: 'ok' }));
    fireEvent.click(screen.getByRole('button', { name: 'ko' }));
    expect(screen.getByRole('status').textContent).toBe('Tessera T2026-00001 attivata con successo!');
    expect(screen.getByRole('alert').textContent).toBe('Errore: tessera già attiva');
    fireEvent.click(screen.getAllByRole('button', { name: 'Chiudi messaggio' })[0]!);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy();
  });
});
