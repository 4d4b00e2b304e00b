import { describe, expect, it } from 'vitest';
import { classifyDuckDb, parseDuckDbMessage } from '../../../../../functions/engines/duckdb/errors';

describe('duckdb error messages', () => {
  it('splits kind, text and caret position', () => {
    const parsed = parseDuckDbMessage('Binder Error: Referenced column "zz" not found in FROM clause!\nCandidate bindings: "a"\n\nLINE 1: select zz from s.t\n               ^');
    expect(parsed).toEqual({ kind: 'Binder', text: 'Referenced column "zz" not found in FROM clause!\nCandidate bindings: "a"', line: 1, column: 8 });
  });

  it('reads errors wrapped by statement extraction', () => {
    expect(parseDuckDbMessage('Failed to extract statements: Parser Error: syntax error at or near "SELEC"').kind).toBe('Parser');
  });

  it('names the missing table, not the "did you mean" hint', () => {
    const error = classifyDuckDb(new Error('Catalog Error: Table with name nope does not exist!\nDid you mean "pg_class"?\n\nLINE 1: select * from nope\n                      ^'));
    expect(error.errorType).toBe('TABLE_DOES_NOT_EXIST_ERROR');
    expect(error.extra).toMatchObject({ table: 'nope', line: 1, position: 15, engine_name: 'DuckDB' });
  });
});
