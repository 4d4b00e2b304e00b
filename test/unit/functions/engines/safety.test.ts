import { describe, expect, it } from 'vitest';
import { SupersetError } from '../../../../shared/errors';
import { DML_NOT_ALLOWED_MESSAGE, allStatementsAreSelects, assertAllowed, assertSqlLength, lastStatementIsSelect } from '../../../../functions/engines/safety';
import type { ParsedStatement } from '../../../../functions/engines/types';

const select: ParsedStatement = { sql: 'SELECT 1', kind: 'select', mutates: false, isSelect: true };
const writingSelect: ParsedStatement = { sql: "SELECT nextval('s')", kind: 'select', mutates: true, isSelect: true };
const drop: ParsedStatement = { sql: 'DROP TABLE t', kind: 'ddl', mutates: true, isSelect: false };

describe('assertAllowed', () => {
  it('lets read-only scripts through when DML is off', () => {
    expect(() => assertAllowed([select, select], { allowDml: false })).not.toThrow();
  });

  it('refuses any mutating statement when DML is off, with Superset\'s message and a 403', () => {
    for (const statements of [[select, drop], [writingSelect]]) {
      let caught: unknown;
      try {
        assertAllowed(statements, { allowDml: false });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(SupersetError);
      const error = caught as SupersetError;
      expect(error.errorType).toBe('DML_NOT_ALLOWED_ERROR');
      expect(error.status).toBe(403);
      expect(error.message).toBe(DML_NOT_ALLOWED_MESSAGE);
      expect((error.extra?.issue_codes as { code: number }[])[0].code).toBe(1022);
    }
  });

  it('allows everything when DML is on', () => {
    expect(() => assertAllowed([drop], { allowDml: true })).not.toThrow();
  });
});

describe('statement helpers', () => {
  it('lastStatementIsSelect looks at the final statement only', () => {
    expect(lastStatementIsSelect([drop, select])).toBe(true);
    expect(lastStatementIsSelect([select, drop])).toBe(false);
    expect(lastStatementIsSelect([])).toBe(false);
  });

  it('allStatementsAreSelects needs read-only queries throughout', () => {
    expect(allStatementsAreSelects([select, select])).toBe(true);
    expect(allStatementsAreSelects([select, writingSelect])).toBe(false);
    expect(allStatementsAreSelects([])).toBe(false);
  });
});

describe('assertSqlLength', () => {
  it('accepts SQL up to 1,000,000 characters and refuses longer with INVALID_SQL_ERROR', () => {
    expect(() => assertSqlLength('x'.repeat(1_000_000))).not.toThrow();
    expect(() => assertSqlLength('x'.repeat(1_000_001))).toThrow(SupersetError);
    try {
      assertSqlLength('x'.repeat(1_000_001));
    } catch (error) {
      expect((error as SupersetError).errorType).toBe('INVALID_SQL_ERROR');
      expect((error as SupersetError).status).toBe(400);
    }
  });
});
