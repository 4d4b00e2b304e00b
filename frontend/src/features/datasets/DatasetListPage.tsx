// /tablemodelview/list/ and /dataset/list/: the datasets the user may see, on the shared ListView, with
// Superset's columns (name, type, database, schema, owners, modified) and actions (edit properties,
// delete, explore), filters (name, type, database, schema, owner), sort, paging and bulk delete.
import { useCallback, useState } from 'react';
import { PageHeader } from '../../app/PageHeader';
import { exportAssets } from '../assets/assetBundles';
import { ImportDialog } from '../assets/ImportDialog';
import { api } from '../../api/client';
import { ApiError } from '../../api/ApiError';
import { ListView } from '../../app/list/ListView';
import { toOptions } from '../../app/list/fetchList';
import type { ListArgs, ListColumn, ListFilter } from '../../app/list/types';
import { Modal } from '../../app/Modal';
import { addDangerToast, addSuccessToast } from '../toasts/toastStore';
import { DatasetEditModal } from './DatasetEditModal';
import { exploreUrl, fullName, type DatasetRow } from './types';
import '../sqllab/sqllab.css';

const lookup = (route: 'dataset.related', column: 'database' | 'owners') => async () =>
  toOptions(await api.call(route, { params: { column }, q: { page: 0, page_size: 1000 } }));

const FILTERS: ListFilter[] = [
  { kind: 'search', id: 'name', label: 'Search datasets', placeholder: 'Dataset name', col: 'table_name', opr: 'ct' },
  { kind: 'select', id: 'type', label: 'Type', col: 'sql', opr: 'dataset_is_null_or_empty', options: [{ value: 'true', label: 'Physical' }, { value: 'false', label: 'Virtual' }] },
  { kind: 'select', id: 'database', label: 'Database', col: 'database', opr: 'rel_o_m', options: lookup('dataset.related', 'database') },
  { kind: 'select', id: 'schema', label: 'Schema', col: 'schema', opr: 'eq', options: async () => toOptions(await api.call('dataset.distinct', { params: { column: 'schema' }, q: { page: 0, page_size: 1000 } })) },
  { kind: 'select', id: 'owner', label: 'Owner', col: 'owners', opr: 'rel_m_m', options: lookup('dataset.related', 'owners') },
];
const fetchDatasets = async (q: ListArgs) => {
  const answer = await api.call('dataset.list', { q: { ...q } });
  const result = answer.result.flatMap((d): DatasetRow[] =>
    d.id !== undefined && d.table_name !== undefined
      ? [{
          id: d.id,
          table_name: d.table_name,
          kind: d.kind ?? 'physical',
          database: { id: d.database?.id ?? 0, database_name: d.database?.database_name ?? '' },
          schema: d.schema ?? null,
          owners: (d.owners ?? []).map((o) => ({ id: o.id ?? 0, first_name: o.first_name ?? '', last_name: o.last_name ?? '' })),
          changed_on_delta_humanized: d.changed_on_delta_humanized ?? '',
          changed_by_name: d.changed_by_name ?? '',
          explore_url: d.explore_url ?? exploreUrl(d.id),
          description: d.description ?? null,
        }]
      : [],
  );
  return { count: answer.count, result };
};

export default function DatasetListPage() {
  const [reload, setReload] = useState(0);
  const [count, setCount] = useState<number | null>(null);
  const [editing, setEditing] = useState<DatasetRow | null>(null);
  const [deleting, setDeleting] = useState<DatasetRow[] | null>(null);
  const [importing, setImporting] = useState(false);
  const refresh = useCallback(() => setReload((n) => n + 1), []);

  const remove = async (rows: DatasetRow[]) => {
    try {
      if (rows.length === 1) await api.call('dataset.delete', { params: { pk: rows[0].id } });
      else await api.call('dataset.bulkDelete', { q: rows.map((r) => r.id) });
      addSuccessToast(rows.length === 1 ? `Deleted: ${rows[0].table_name}` : `Deleted: ${rows.length} datasets`);
      setDeleting(null);
      refresh();
    } catch (error) {
      addDangerToast(error instanceof ApiError ? error.message : 'There was an issue deleting the selected datasets');
    }
  };

  const columns: ListColumn<DatasetRow>[] = [
    { id: 'name', header: 'Name', sortColumn: 'table_name', render: (d) => <a href={exploreUrl(d.id)}>{d.table_name}</a> },
    { id: 'type', header: 'Type', sortColumn: 'kind', render: (d) => (d.kind === 'virtual' ? 'Virtual' : 'Physical') },
    { id: 'database', header: 'Database', sortColumn: 'database.database_name', render: (d) => d.database?.database_name ?? '—' },
    { id: 'schema', header: 'Schema', sortColumn: 'schema', render: (d) => d.schema || '—' },
    { id: 'owners', header: 'Owners', render: (d) => d.owners.map(fullName).join(', ') || '—' },
    { id: 'modified', header: 'Modified', sortColumn: 'changed_on_delta_humanized', render: (d) => d.changed_on_delta_humanized },
    {
      id: 'actions',
      header: 'Actions',
      hiddenHeader: true,
      className: 'saved-queries__actions',
      render: (d) => (
        <>
          <a className="button button--secondary button--small" href={exploreUrl(d.id)} aria-label={`Explore ${d.table_name}`}>Explore</a>
          <button type="button" className="button button--ghost button--small" aria-label={`Edit ${d.table_name}`} onClick={() => setEditing(d)}>Edit</button>
          <button type="button" className="button button--ghost button--small" aria-label={`Export ${d.table_name}`} onClick={() => void exportAssets('dataset', [d.id])}>Export</button>
          <button type="button" className="button button--ghost button--small" aria-label={`Delete ${d.table_name}`} onClick={() => setDeleting([d])}>Delete</button>
        </>
      ),
    },
  ];

  return (
    <div className="page">
      <PageHeader title="Datasets" subtitle={count !== null ? `${count.toLocaleString('en-US')} ${count === 1 ? 'dataset' : 'datasets'}` : undefined} actions={<button type="button" className="button button--secondary" onClick={() => setImporting(true)}>Import datasets</button>} />
      <ListView
        label="Datasets"
        columns={columns}
        filters={FILTERS}
        fetchPage={fetchDatasets}
        rowKey={(d) => d.id}
        rowLabel={(d) => d.table_name}
        initialSort={{ column: 'changed_on_delta_humanized', order: 'desc' }}
        bulkActions={[
          { key: 'export', label: 'Export selected', run: (rows) => exportAssets('dataset', rows.map((r) => r.id)) },
          { key: 'delete', label: 'Delete selected', danger: true, run: (rows) => setDeleting(rows) },
        ]}
        empty={{ title: 'No datasets yet', message: 'Save a query as a dataset from SQL Lab to find it here.', filteredMessage: 'No dataset matches these filters.' }}
        loadError="Datasets could not be loaded."
        reloadToken={reload}
        onLoaded={(page) => setCount(page.count)}
      />
      {editing && <DatasetEditModal id={editing.id} onClose={() => setEditing(null)} onSaved={refresh} />}
      {importing && <ImportDialog kind="dataset" title="Import datasets" onClose={() => setImporting(false)} onImported={refresh} />}
      {deleting && (
        <Modal title="Delete dataset?" onClose={() => setDeleting(null)} onSubmit={() => void remove(deleting)}>
          <p>
            {deleting.length === 1 ? <>The dataset <strong>{deleting[0].table_name}</strong> will be deleted.</> : `${deleting.length} datasets will be deleted.`} Charts
            using it will stop working. This cannot be undone.
          </p>
          <div className="modal__actions">
            <button type="button" className="button button--secondary" onClick={() => setDeleting(null)}>Cancel</button>
            <button type="submit" className="button button--danger">Delete</button>
          </div>
        </Modal>
      )}
    </div>
  );
}
