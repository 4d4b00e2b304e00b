import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../../../functions/charts/data/formats';

describe('toCsv', () => {
  it('writes a header, quotes what needs it and temporal columns as ISO text', () => {
    const csv = toCsv({
      colnames: ['name', 'when', 'n'],
      coltypes: [1, 2, 0],
      data: [
        { name: 'a, "b"', when: Date.parse('2020-01-02T00:00:00Z'), n: 3 },
        { name: null, when: null, n: 0 },
      ],
    });
    expect(csv).toBe('name,when,n\r\n"a, ""b""",2020-01-02T00:00:00,3\r\n,,0\r\n');
  });
});
