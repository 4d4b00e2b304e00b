import { describe, expect, it } from 'vitest';
import { SupersetError } from '../../../../../shared/errors';
import { checkQueryObjects } from '../../../../../functions/charts/data/checks';

const fails = (query: Record<string, unknown>) => {
  try {
    checkQueryObjects([query]);
  } catch (error) {
    return error as SupersetError;
  }
  return null;
};

describe('checkQueryObjects', () => {
  it('row limit is a positive integer up to the server maximum', () => {
    expect(fails({ row_limit: 0 })?.message).toBe('`row_limit` must be a positive integer');
    expect(fails({ row_limit: -1 })?.status).toBe(400);
    expect(fails({ row_limit: 1e9 })?.message).toBe('`row_limit` Value cannot exceed 100000');
    expect(fails({ row_limit: 2.5 })?.message).toBe('`row_limit` is expected to be an integer');
    expect(fails({ row_limit: 100_000 })).toBeNull();
    expect(fails({})).toBeNull();
  });
  it('a series limit of 0 means no limit; negative limits and offsets are refused', () => {
    expect(fails({ series_limit: 0 })).toBeNull();
    expect(fails({ series_limit: -5 })?.status).toBe(400);
    expect(fails({ row_offset: -1 })?.message).toBe('`row_offset` must be greater than or equal to 0');
  });
  it('names the query and field in extra.messages', () => {
    expect(fails({ row_limit: 0 })?.extra).toEqual({ messages: { queries: { 0: { row_limit: ['`row_limit` must be a positive integer'] } } } });
  });
});
