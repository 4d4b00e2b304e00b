import { describe, expect, it } from 'vitest';
import { allPages } from '../../../../../frontend/src/app/list/allPages';

/** A list of `n` rows served in pages, recording which pages were asked for. */
function served(n: number, asked: number[]) {
  const rows = Array.from({ length: n }, (_, i) => i);
  return async (page: number, size: number) => {
    asked.push(page);
    return { count: rows.length, result: rows.slice(page * size, page * size + size) };
  };
}

describe('allPages', () => {
  it('asks page after page until every row is in', async () => {
    const asked: number[] = [];
    expect(await allPages(served(250, asked), 100)).toEqual(Array.from({ length: 250 }, (_, i) => i));
    expect(asked).toEqual([0, 1, 2]);
  });
  it('stops after a full last page without asking for an empty one, and on an empty list', async () => {
    const asked: number[] = [];
    expect(await allPages(served(200, asked), 100)).toHaveLength(200);
    expect(asked).toEqual([0, 1]);
    expect(await allPages(served(0, []), 100)).toEqual([]);
  });
  it('ends on a short page even when the count promised more', async () => {
    const asked: number[] = [];
    const shrinking = async (page: number) => (asked.push(page), { count: 500, result: page === 0 ? [1, 2, 3] : [] });
    expect(await allPages(shrinking, 100)).toEqual([1, 2, 3]);
    expect(asked).toEqual([0]);
  });
});
