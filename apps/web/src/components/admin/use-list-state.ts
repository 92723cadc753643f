import { useState } from 'react';
import { useDebouncedSearch } from './use-debounced-search';

/**
 * What a back-office list asks for: a search, a set of select filters ('' = all) and the page.
 * The search runs as one types (debounced), or with `searchOnEnter` when the box is submitted
 * (BVU members, coupons, users); an emptied box applies at once either way.
 * A new search or filter goes back to page 1.
 */
export function useListState<Filters extends Record<string, string>>(emptyFilters: Filters, { searchOnEnter = false } = {}) {
  const { text, setText, search: typed } = useDebouncedSearch();
  const [submitted, setSubmitted] = useState('');
  const search = !searchOnEnter ? typed : text.trim() === '' ? '' : submitted;
  const [filters, setFilters] = useState<Filters>(emptyFilters);
  // The page belongs to one search and set of filters; any other combination starts on page 1.
  const key = JSON.stringify([search, filters]);
  const [paging, setPaging] = useState({ key, page: 1 });
  // Adjusted during render (React's pattern for state derived from a change), so coming back to an
  // earlier search does not bring back its page either.
  if (paging.key !== key) setPaging({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;

  return {
    text,
    setText,
    search,
    filters,
    setFilter: <Name extends keyof Filters>(name: Name, value: Filters[Name]) => setFilters((current) => ({ ...current, [name]: value })),
    /** Whether anything narrows the list (the clear-filters button and the empty-state wording use it). */
    filtered: text.trim() !== '' || Object.keys(emptyFilters).some((name) => filters[name] !== emptyFilters[name]),
    /** Runs the search in the box now (Enter). */
    submitSearch: () => setSubmitted(text.trim()),
    clear: () => {
      setText('');
      setSubmitted('');
      setFilters(emptyFilters);
    },
    page,
    setPage: (next: number) => setPaging({ key, page: next }),
  };
}
