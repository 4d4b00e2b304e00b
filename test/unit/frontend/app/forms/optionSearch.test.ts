import { describe, expect, it } from 'vitest';
import { matchOptions, toggleValue } from '../../../../../frontend/src/app/forms/optionSearch';

const options = [
  { value: 1, label: 'can read on Chart' },
  { value: 2, label: 'datasource access on [examples].[cars](id:3)' },
  { value: 3, label: 'datasource access on [examples].[penguins](id:4)' },
  { value: 4, label: 'schema access on [examples].[main]' },
];

describe('matchOptions', () => {
  it('keeps the options whose label holds every typed word, in any case and order', () => {
    expect(matchOptions(options, 'CARS datasource', 10).shown.map((o) => o.value)).toEqual([2]);
    expect(matchOptions(options, '  access   examples ', 10).shown.map((o) => o.value)).toEqual([2, 3, 4]);
    expect(matchOptions(options, 'access nothing', 10)).toEqual({ shown: [], total: 0 });
  });
  it('shows everything for an empty query, cut at the limit while counting all matches', () => {
    expect(matchOptions(options, '', 10).shown).toHaveLength(4);
    const cut = matchOptions(options, 'access', 2);
    expect(cut.shown.map((o) => o.value)).toEqual([2, 3]);
    expect(cut.total).toBe(3);
  });
});

describe('toggleValue', () => {
  it('adds an absent value at the end and removes a present one', () => {
    expect(toggleValue([1, 2], 3)).toEqual([1, 2, 3]);
    expect(toggleValue([1, 2, 3], 2)).toEqual([1, 3]);
  });
});
