// SQL editor events for the event log: each carries the tab as source_id plus its database and schema,
// as the spec's event entry requires for SQL editor events.
import { logEvent } from '../../eventLog/eventLogClient';
import { getEditor } from '../state/store';

export const SQLLAB_EVENTS = {
  runQuery: 'sqllab_run_query',
  stopQuery: 'sqllab_stop_query',
  formatSql: 'sqllab_format_sql',
  estimateCost: 'sqllab_estimate_query_cost',
  saveQuery: 'sqllab_save_query',
  copyLink: 'sqllab_copy_link',
  createDataset: 'sqllab_create_dataset',
  addTab: 'sqllab_add_tab',
  switchTab: 'sqllab_switch_tab',
} as const;

export function logSqlLabEvent(name: (typeof SQLLAB_EVENTS)[keyof typeof SQLLAB_EVENTS], editorId: string | null | undefined, extra: Record<string, unknown> = {}) {
  const qe = editorId ? getEditor(editorId) : undefined;
  logEvent(name, {
    source: 'sqlLab',
    source_id: editorId ?? undefined,
    ...(qe?.dbId ? { db_id: qe.dbId } : {}),
    ...(qe?.schema ? { schema: qe.schema } : {}),
    ...extra,
  });
}
