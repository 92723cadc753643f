// The TV's pages (docs/tournaments.md#tv-mode): a view's blocks (a placement, a match to play, a pool's
// table) split into pages that each fit the screen, measured on the screen itself, and the bracket scaled
// down until it fits whole.
import { useCallback, useEffect, useState } from 'react';

export type PageRange = readonly [number, number];

/**
 * The pages of blocks laid out top to bottom (in rows, for a grid): each page from a row's first block
 * for as many whole rows as fit `height`; a block taller than the screen gets a page of its own.
 */
export function pagesOf(blocks: { top: number; bottom: number }[], height: number): PageRange[] {
  const pages: PageRange[] = [];
  let start = 0;
  while (start < blocks.length) {
    const top = blocks[start]!.top;
    let end = start;
    while (end < blocks.length && blocks[end]!.bottom - top <= height) end += 1;
    // Back to the first block of the row that did not fit whole, so that a row is never split.
    if (end < blocks.length) {
      let rowStart = end;
      while (rowStart > start && blocks[rowStart - 1]!.top === blocks[end]!.top) rowStart -= 1;
      end = rowStart;
    }
    end = Math.max(end, start + 1);
    pages.push([start, end]);
    start = end;
  }
  return pages.length > 0 ? pages : [[0, 0]];
}

/** The window's size, followed as it changes. */
export function useWindowSize() {
  const [size, setSize] = useState(() => `${window.innerWidth}x${window.innerHeight}`);
  useEffect(() => {
    const resized = () => setSize(`${window.innerWidth}x${window.innerHeight}`);
    window.addEventListener('resize', resized);
    return () => window.removeEventListener('resize', resized);
  }, []);
  return size;
}

/**
 * The pages of the `[data-tv-block]` blocks inside the element given the returned ref. While `key` (the
 * view, the data, the window's size) is new, every block is drawn once and measured as the screen is
 * committed, before it is painted (no flash); then the pages stand until `key` changes.
 */
export function useTvPages(key: string): [PageRange[] | null, (area: HTMLElement | null) => void] {
  const [measured, setMeasured] = useState<{ key: string; pages: PageRange[] } | null>(null);
  const measure = useCallback(
    (area: HTMLElement | null) => {
      if (!area) return;
      const box = area.getBoundingClientRect();
      const blocks = [...area.querySelectorAll<HTMLElement>('[data-tv-block]')].map((block) => {
        const rect = block.getBoundingClientRect();
        return { top: rect.top - box.top, bottom: rect.bottom - box.top };
      });
      const pages = pagesOf(blocks, area.clientHeight);
      setMeasured((known) => (known?.key === key ? known : { key, pages }));
    },
    [key],
  );
  return [measured?.key === key ? measured.pages : null, measure];
}

/** The scale that fits the natural size of the element given the returned ref into its parent (1 when it fits). */
export function useFitScale(key: string): [number, (content: HTMLElement | null) => void] {
  const [fit, setFit] = useState<{ key: string; scale: number } | null>(null);
  const measure = useCallback(
    (content: HTMLElement | null) => {
      const area = content?.parentElement;
      if (!content || !area) return;
      const { offsetWidth: width, offsetHeight: height } = content;
      const scale = width === 0 || height === 0 ? 1 : Math.min(1, area.clientWidth / width, area.clientHeight / height);
      setFit((known) => (known?.key === key ? known : { key, scale }));
    },
    [key],
  );
  return [fit?.key === key ? fit.scale : 1, measure];
}
