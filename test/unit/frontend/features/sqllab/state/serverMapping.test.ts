import { describe, expect, it } from 'vitest';
import {
  databaseFromServer,
  editorFromTabState,
  editorToSavedQueryBody,
  savedQueryFromServer,
  savedQueryToEditorFields,
  tabStatePutBody,
  tableFromServer,
} from '../../../../../../frontend/src/features/sqllab/state/serverMapping';
import { editor } from './fixtures';

describe('server forms', () => {
  it('PUT /tabstateview/{id}: undefined fields are omitted', () => {
    const body = tabStatePutBody(editor('1', { sql: 'S', name: 'N', dbId: 2, updatedAt: 5 }));
    expect(body).toMatchObject({ sql: 'S', label: 'N', database_id: 2 });
    expect(body).not.toHaveProperty('schema');
    expect(body).not.toHaveProperty('latest_query_id');
    expect(JSON.parse(body.extra_json as string)).toMatchObject({ updatedAt: 5, version: 1 });
  });

  it('PUT sends only the fields changed since the last push', () => {
    const before = editor('1', { sql: 'A', name: 'N', dbId: 2, updatedAt: 5 });
    const previous = tabStatePutBody(before);
    const body = tabStatePutBody({ ...before, sql: 'B', updatedAt: 6 }, previous);
    expect(Object.keys(body).sort()).toEqual(['extra_json', 'sql']);
    // A new timestamp alone is not worth a request.
    expect(tabStatePutBody({ ...before, updatedAt: 7 }, previous)).toEqual({});
  });

  it('reads tab state as held by the server', () => {
    const qe = editorFromTabState({
      id: 3, label: 'L', sql: 'S', database_id: 1, schema: 'main', query_limit: 10, autorun: false,
      latest_query: { id: 'abc', dbId: 1, sql: 'S', state: 'success' }, saved_query: { id: 9 },
      template_params: '{}', hide_left_bar: true, extra_json: '{"updatedAt":12,"version":1,"northPercent":30}',
    });
    expect(qe).toMatchObject({ id: '3', name: 'L', dbId: 1, latestQueryId: 'abc', remoteId: 9, hideLeftBar: true, updatedAt: 12, northPercent: 30, loaded: true });
  });

  it('reads a table schema, with dataPreviewQueryId in its description', () => {
    const t = tableFromServer({ id: 4, database_id: 1, tab_state_id: 3, schema: 'main', table: 'cars', expanded: true, description: '{"dataPreviewQueryId":"p1"}' });
    expect(t).toMatchObject({ remoteId: 4, queryEditorId: '3', name: 'cars', dataPreviewQueryId: 'p1' });
  });

  it('Saved query field mapping: id<->remoteId, db_id<->dbId, label<->name, template_parameters<->templateParams', () => {
    const fields = savedQueryToEditorFields({ id: 7, label: 'Q', db_id: 2, sql: 'S', template_parameters: '{"a":1}', schema: 'main' });
    expect(fields).toMatchObject({ remoteId: 7, dbId: 2, name: 'Q', templateParams: '{"a":1}', sql: 'S' });
    expect(editorToSavedQueryBody({ ...editor('1', { name: 'Q', sql: 'S', templateParams: '{}' }), dbId: 2 })).toMatchObject({ label: 'Q', db_id: 2, template_parameters: '{}' });
  });

  it('reads saved query and database rows whose column selection may leave fields out', () => {
    expect(savedQueryFromServer({ id: 7, db_id: 2 })).toEqual({ id: 7, db_id: 2, label: '', sql: '' });
    expect(savedQueryFromServer({ label: 'no id' })).toBeNull();
    expect(databaseFromServer({ id: 1, database_name: 'examples', backend: 'duckdb' })).toEqual({ id: 1, database_name: 'examples', backend: 'duckdb' });
    expect(databaseFromServer({ database_name: 'no id' })).toBeNull();
  });
});
