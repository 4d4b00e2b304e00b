// Datasets searched on the server by name (the chart add page and Explore's Change dataset).
import { api } from '../../api/client';

export interface DatasetOption {
  id: number;
  label: string;
}

export async function searchDatasets(text: string): Promise<DatasetOption[]> {
  const filters = text.trim() ? [{ col: 'table_name', opr: 'ct', value: text.trim() }] : [];
  const answer = await api.call('dataset.list', {
    q: { filters, order_column: 'table_name', order_direction: 'asc', page: 0, page_size: 100, columns: ['id', 'table_name', 'schema', 'database.database_name'] },
  });
  return answer.result.flatMap((d) =>
    d.id === undefined ? [] : [{ id: d.id, label: [d.database?.database_name, d.schema, d.table_name].filter(Boolean).join(' · ') }],
  );
}
