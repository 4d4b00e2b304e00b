import { describe, expect, it } from 'vitest';
import { calledNames, splitScript } from '../../../../functions/engines/scriptSplit';

const texts = (sql: string) => splitScript(sql).map((piece) => piece.sql);

describe('splitScript', () => {
  it('cuts at top-level semicolons only', () => {
    expect(texts("SELECT 'a;b'; SELECT \"c;d\" FROM t;SELECT $$e;f$$; SELECT $x$g;h$x$")).toEqual([
      "SELECT 'a;b'",
      'SELECT "c;d" FROM t',
      'SELECT $$e;f$$',
      'SELECT $x$g;h$x$',
    ]);
  });

  it('ignores semicolons in comments, nested block comments included', () => {
    expect(texts('SELECT 1 -- x; y\n; /* a; /* b; */ c; */ SELECT 2')).toEqual(['SELECT 1 -- x; y', '/* a; /* b; */ c; */ SELECT 2']);
  });

  it('handles doubled quotes and E-string escapes', () => {
    expect(texts("SELECT 'it''s;'; SELECT E'\\';'; SELECT 3")).toEqual(["SELECT 'it''s;'", "SELECT E'\\';'", 'SELECT 3']);
  });

  it('drops empty and comment-only pieces and reports offsets', () => {
    const pieces = splitScript(';; SELECT 1 ;\n-- done\n');
    expect(pieces).toEqual([{ sql: 'SELECT 1', start: 3, end: 11 }]);
  });
});

describe('calledNames', () => {
  it('finds function calls, bare or quoted, skipping strings and comments', () => {
    expect(calledNames(`SELECT Upper(a), "My Fn" (b), 'fake(' , x -- c(\n FROM t /* d( */ JOIN e ON f.g(1)`)).toEqual(['upper', 'my fn', 'g']);
  });
});
