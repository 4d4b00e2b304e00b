import { describe, expect, it } from 'vitest';
import { splitStatements, statementAt } from '../../../../../../frontend/src/features/sqllab/editor/statements';

describe('statement under the cursor', () => {
  it('splits on semicolons outside strings and comments', () => {
    const sql = "SELECT ';' AS a; -- x; y\nSELECT \"b;c\" FROM t /* ; */;\n\nSELECT 3";
    expect(splitStatements(sql).map((s) => s.text)).toEqual([
      "SELECT ';' AS a",
      '-- x; y\nSELECT "b;c" FROM t /* ; */',
      'SELECT 3',
    ]);
  });

  it('Ctrl/Cmd+Enter runs the statement under the cursor', () => {
    const sql = 'SELECT 1;\nSELECT 2;\nSELECT 3';
    expect(statementAt(sql, 3)?.text).toBe('SELECT 1');
    expect(statementAt(sql, sql.indexOf('2'))?.text).toBe('SELECT 2');
    expect(statementAt(sql, sql.length)?.text).toBe('SELECT 3');
    // Right after a semicolon the statement just finished is meant.
    expect(statementAt(sql, sql.indexOf(';') + 1)?.text).toBe('SELECT 1');
  });

  it('skips comment-only chunks', () => {
    const sql = '-- Note: tabs will not persist\n\n;SELECT 5';
    expect(statementAt(sql, 0)?.text).toBe('SELECT 5');
    expect(statementAt('-- only', 0)).toBeNull();
  });
});
