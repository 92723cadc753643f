import { useState } from 'react';
import { useDebounced } from '../../lib/use-debounced';

/** Back-office searches wait 500 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * A search box's text (starting from `initial`, e.g. the search in the address) and the search to run:
 * the trimmed text once typing has paused for `delayMs`; an emptied box (or "clear filters") applies at once.
 */
export function useDebouncedSearch(initial = '', delayMs = SEARCH_DEBOUNCE_MS) {
  const [text, setText] = useState(initial);
  const settled = useDebounced(text.trim(), delayMs);
  return { text, setText, search: text.trim() === '' ? '' : settled };
}
