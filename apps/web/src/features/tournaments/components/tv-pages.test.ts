// The TV's pages: whole rows of blocks per page, a block taller than the screen on a page of its own.
import { describe, expect, it } from 'vitest';
import { pagesOf } from './tv-pages';

const column = (heights: number[], gap = 10) => {
  let top = 0;
  return heights.map((height) => {
    const block = { top, bottom: top + height };
    top += height + gap;
    return block;
  });
};

describe('the TV’s pages', () => {
  it('puts as many blocks as fit on each page, every block on exactly one', () => {
    expect(pagesOf(column([100, 100, 100, 100, 100]), 320)).toEqual([[0, 3], [3, 5]]);
  });

  it('never splits a row of a grid', () => {
    const grid = [{ top: 0, bottom: 200 }, { top: 0, bottom: 300 }, { top: 320, bottom: 520 }, { top: 320, bottom: 500 }];
    expect(pagesOf(grid, 400)).toEqual([[0, 2], [2, 4]]);
  });

  it('gives a block taller than the screen its own page, and nothing one empty page', () => {
    expect(pagesOf(column([900, 100]), 500)).toEqual([[0, 1], [1, 2]]);
    expect(pagesOf([], 500)).toEqual([[0, 0]]);
  });
});
