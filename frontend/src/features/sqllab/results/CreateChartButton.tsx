// "Create chart" on a results grid: gets or creates the virtual dataset of this query's SQL
// (POST /api/v1/dataset/get_or_create/; the same SQL reuses the same dataset) and opens Explore on it,
// as a raw-records table of the query's columns.
import { useState } from 'react';
import { api } from '../../../api/client';
import { addDangerToast } from '../../toasts/toastStore';
import type { Query } from '../state/types';

/** A stable short name per SQL text, so a second click finds the dataset the first one made. */
function datasetName(query: Query): string {
  const sql = query.executedSql || query.sql;
  let hash = 0;
  for (let i = 0; i < sql.length; i++) hash = (Math.imul(hash, 31) + sql.charCodeAt(i)) | 0;
  return `${query.tab || 'Untitled query'} ${(hash >>> 0).toString(16)}`;
}

export function CreateChartButton({ query }: { query: Query }) {
  const [busy, setBusy] = useState(false);
  const create = async () => {
    setBusy(true);
    try {
      const answer = await api.call('dataset.getOrCreate', {
        body: { table_name: datasetName(query), database_id: query.dbId, catalog: query.catalog ?? null, schema: query.schema ?? null, sql: query.executedSql || query.sql },
      });
      // As Superset's SQL Lab does, the chart starts as a raw-records table of the query's columns, so
      // the rows show at once (an aggregate table with nothing chosen would only ask for controls).
      const columns = (query.results?.columns ?? []).map((c) => c.column_name);
      const start = columns.length ? `&form_data=${encodeURIComponent(JSON.stringify({ viz_type: 'table', query_mode: 'raw', all_columns: columns }))}` : '';
      window.location.assign(`/explore/?datasource_type=table&datasource_id=${answer.result.table_id}${start}`);
    } catch {
      addDangerToast('An error occurred while creating the data source');
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button button--secondary button--small" disabled={busy} onClick={() => void create()}>
      Create chart
    </button>
  );
}
