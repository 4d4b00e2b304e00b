// A request's rison `q` decodes as the rison package reads it, and a bad one throws without writing to
// the console (the package logs every parse error before reporting it).
import { afterEach, describe, expect, it, vi } from 'vitest';
import rison from 'rison';
import { risonDecode } from '../../../../functions/http/risonDecode';

afterEach(() => vi.restoreAllMocks());

describe('risonDecode', () => {
  it('decodes what the rison package decodes', () => {
    const q = '(filters:!((col:table_name,opr:ct,value:cars)),order_column:changed_on_delta_humanized,page:0,page_size:25)';
    expect(risonDecode(q)).toEqual(rison.decode(q));
  });
  it('throws on a bad value without logging it', () => {
    const log = vi.spyOn(console, 'log');
    expect(() => risonDecode('(a:!(1,2')).toThrow(/rison decoder error/);
    expect(() => risonDecode('(a:1))')).toThrow(/rison decoder error/);
    expect(log).not.toHaveBeenCalled();
  });
});
