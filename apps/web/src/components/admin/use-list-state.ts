import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDebouncedSearch } from './use-debounced-search';

/** The address keeps the list's search and page (and each filter under its own name), so a reload or a shared link shows the same rows. */
const SEARCH_PARAM = 'cerca';
const PAGE_PARAM = 'pagina';

/**
 * What a back-office list asks for: a search, a set of select filters ('' = all) and the page, kept
 * in the address. The search runs as one types (debounced), or with `searchOnEnter` when the box is
 * submitted (BVU members, coupons, users); an emptied box applies at once either way.
 * A new search or filter goes back to page 1. A value equal to its default is left out of the address.
 */
export function useListState<Filters extends Record<string, string>>(emptyFilters: Filters, { searchOnEnter = false } = {}) {
  const [params, setParams] = useSearchParams();
  const search = params.get(SEARCH_PARAM) ?? '';
  const filters = Object.fromEntries(Object.entries(emptyFilters).map(([name, empty]) => [name, params.get(name) ?? empty])) as Filters;
  const page = Math.max(1, Math.trunc(Number(params.get(PAGE_PARAM))) || 1);
  const { text, setText, search: typed } = useDebouncedSearch(search);

  /** Changes some values and, unless the page is among them, goes back to page 1; replaces the history entry. */
  const update = (changes: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PAGE_PARAM);
        for (const [name, value] of Object.entries(changes)) {
          if (value === '' || value === (emptyFilters[name] ?? '') || (name === PAGE_PARAM && value === '1')) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );

  // The typed search reaches the address once typing pauses (an emptied box is written at once, below).
  useEffect(() => {
    if (!searchOnEnter && typed !== '' && typed !== search) update({ [SEARCH_PARAM]: typed });
    // Only a new typed search is written; the address changing by itself (back button) is not undone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);

  return {
    text,
    setText: (next: string) => {
      setText(next);
      if (next.trim() === '' && search !== '') update({ [SEARCH_PARAM]: '' });
    },
    search,
    filters,
    setFilter: <Name extends keyof Filters>(name: Name, value: Filters[Name]) => update({ [name]: value }),
    /** Whether anything narrows the list (the clear-filters button and the empty-state wording use it). */
    filtered: text.trim() !== '' || Object.keys(emptyFilters).some((name) => filters[name] !== emptyFilters[name]),
    /** Runs the search in the box now (Enter). */
    submitSearch: () => update({ [SEARCH_PARAM]: text.trim() }),
    clear: () => {
      setText('');
      update({ [SEARCH_PARAM]: '', ...emptyFilters });
    },
    page,
    setPage: (next: number) => update({ [PAGE_PARAM]: String(next) }),
  };
}
