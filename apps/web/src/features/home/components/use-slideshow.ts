import { useCallback, useEffect, useState } from 'react';
import { useMediaQuery } from '../../../lib/use-media-query';

/** The hero advances every 5 seconds. */
export const SLIDE_INTERVAL_MS = 5000;

/** A circular index that advances on a timer unless paused; any manual move restarts the wait. */
export function useSlideshow(count: number, { paused, intervalMs = SLIDE_INTERVAL_MS }: { paused: boolean; intervalMs?: number }) {
  const [index, setIndex] = useState(0);
  const [moves, setMoves] = useState(0);
  const goTo = useCallback((target: number) => {
    setIndex(((target % count) + count) % count);
    setMoves((value) => value + 1);
  }, [count]);
  const next = useCallback(() => setIndex((current) => (current + 1) % count), [count]);

  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(next, intervalMs);
    return () => window.clearInterval(timer);
  }, [paused, intervalMs, next, moves]);

  return { index, goTo, next: () => goTo(index + 1), previous: () => goTo(index - 1) };
}

export const usePrefersReducedMotion = () => useMediaQuery('(prefers-reduced-motion: reduce)');
