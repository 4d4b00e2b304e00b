import { describe, expect, it } from 'vitest';
import { selectColumns } from '../../../../functions/lists/select';

describe('selectColumns', () => {
  const row = { id: 1, label: 'x', database: { id: 2, database_name: 'db' }, owners: [{ id: 1, first_name: 'a' }, { id: 2, first_name: 'b' }] };
  it('keeps named fields and reaches into related objects and lists', () => {
    expect(selectColumns(row, ['label', 'database.id', 'owners.first_name', 'missing'])).toEqual({
      label: 'x',
      database: { id: 2 },
      owners: [{ first_name: 'a' }, { first_name: 'b' }],
    });
    expect(selectColumns(row, ['database.id', 'database.database_name'])).toEqual({ database: { id: 2, database_name: 'db' } });
  });
});

describe('selectColumns of a null relation', () => {
  it('keeps the null', () => {
    expect(selectColumns({ id: 1, created_by: null }, ['created_by.first_name'])).toEqual({ created_by: null });
  });
});
