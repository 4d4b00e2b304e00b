// The dataset properties dialog: description, cache timeout, main time column, owners, the columns
// (labels, temporal/groupable/filterable flags, date format, calculated columns) and saved metrics,
// saved through PUT /api/v1/dataset/{pk}; the server's error (a bad expression, a duplicate) is shown.
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client';
import { ApiError } from '../../api/ApiError';
import { toOptions } from '../../app/list/fetchList';
import { OwnersSelect } from '../../app/forms/OwnersSelect';
import { Modal } from '../../app/Modal';
import { addSuccessToast } from '../toasts/toastStore';
import { DatasetColumnsEditor, DatasetMetricsEditor } from './DatasetFieldEditors';
import type { DatasetColumn, DatasetDetail, DatasetMetric } from './types';
import { DatasetShowSchema } from '../../../../shared/schemas/responses/datasets';

export function DatasetEditModal({ id, onClose, onSaved }: { id: number; onClose: () => void; onSaved: () => void }) {
  const [detail, setDetail] = useState<DatasetDetail | null>(null);
  const loadUsers = useCallback(async () => toOptions(await api.call('dataset.related', { params: { column: 'owners' }, q: { page: 0, page_size: 1000 } })), []);
  const [description, setDescription] = useState('');
  const [cacheTimeout, setCacheTimeout] = useState('');
  const [mainDttm, setMainDttm] = useState('');
  const [owners, setOwners] = useState<number[]>([]);
  const [columns, setColumns] = useState<DatasetColumn[]>([]);
  const [metrics, setMetrics] = useState<DatasetMetric[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api.call('dataset.get', { params: { pk: String(id) } }).then(
      (answer) => {
        // Asked without `columns`, the answer holds every show column: checked, not assumed.
        const result: DatasetDetail = DatasetShowSchema.parse(answer.result);
        setDetail(result);
        setDescription(result.description ?? '');
        setCacheTimeout(result.cache_timeout === null ? '' : String(result.cache_timeout));
        setMainDttm(result.main_dttm_col ?? '');
        setOwners(result.owners.map((o) => o.id));
        setColumns(result.columns.map(({ id: cid, column_name, type, verbose_name, description: d, expression, is_dttm, groupby, filterable, python_date_format }) => ({ id: cid, column_name, type, verbose_name, description: d, expression, is_dttm, groupby, filterable, python_date_format })));
        setMetrics(result.metrics.map(({ id: mid, metric_name, expression, verbose_name, d3format, description: d }) => ({ id: mid, metric_name, expression, verbose_name, d3format, description: d })));
      },
      () => setError('The dataset could not be loaded.'),
    );
  }, [id]);

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await api.call('dataset.update', {
        params: { pk: id },
        body: {
          description: description || null,
          cache_timeout: cacheTimeout.trim() === '' ? null : Number(cacheTimeout),
          main_dttm_col: mainDttm || null,
          owners,
          columns: columns.map((c) => ({ ...c, expression: c.expression || null })),
          metrics,
        },
      });
      addSuccessToast('The dataset has been saved');
      onSaved();
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The dataset could not be saved.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title={detail ? `Edit dataset ${detail.table_name}` : 'Edit dataset'} onClose={onClose} onSubmit={() => void save()} wide>
      {!detail && !error && <p aria-busy="true">Loading…</p>}
      {detail && (
        <div className="dataset-edit">
          <label className="field"><span className="field__label">Description</span><textarea className="textarea" rows={2} aria-label="Description" value={description} onChange={(e) => setDescription(e.target.value)} /></label>
          <label className="field"><span className="field__label">Cache timeout (seconds)</span><input className="input" inputMode="numeric" aria-label="Cache timeout" value={cacheTimeout} onChange={(e) => setCacheTimeout(e.target.value.replace(/[^\d-]/g, ''))} /></label>
          <label className="field">
            <span className="field__label">Default time column</span>
            <select className="input" aria-label="Default time column" value={mainDttm} onChange={(e) => setMainDttm(e.target.value)}>
              <option value="">None</option>
              {columns.filter((c) => c.is_dttm).map((c) => <option key={c.column_name} value={c.column_name}>{c.column_name}</option>)}
            </select>
          </label>
          <OwnersSelect value={owners} current={detail.owners} loadUsers={loadUsers} onChange={setOwners} />
          <DatasetColumnsEditor columns={columns} onChange={setColumns} />
          <DatasetMetricsEditor metrics={metrics} onChange={setMetrics} />
        </div>
      )}
      {error && <p className="form__error" role="alert">{error}</p>}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>Cancel</button>
        <button type="submit" className="button button--primary" disabled={!detail || saving}>Save</button>
      </div>
    </Modal>
  );
}
