import { MySQL, PostgreSQL, StandardSQL } from '@codemirror/lang-sql';
import { describe, expect, it } from 'vitest';
import { dialectFor } from '../../../../../../frontend/src/features/sqllab/editor/SqlEditor';

describe('editor dialect', () => {
  it('follows the dialect name the server sends, not the backend', () => {
    expect(dialectFor('postgresql')).toBe(PostgreSQL);
    expect(dialectFor('mysql')).toBe(MySQL);
    expect(dialectFor('standard')).toBe(StandardSQL);
    expect(dialectFor(undefined)).toBe(StandardSQL);
    // A backend name is not a dialect name: DuckDB databases say 'standard'.
    expect(dialectFor('duckdb')).toBe(StandardSQL);
  });
});
