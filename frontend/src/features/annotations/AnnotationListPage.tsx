// /annotationlayer/{pk}/annotation/: one layer's annotations on the shared ListView (search, sort by
// start, paging), new and edited annotations in a dialog (short and long description, start and
// end in UTC, JSON metadata), deletes one or several.
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { PageHeader } from '../../app/PageHeader';
import { ListView } from '../../app/list/ListView';
import type { ListArgs, ListColumn, ListFilter } from '../../app/list/types';
import { Modal } from '../../app/Modal';
import { addDangerToast, addSuccessToast } from '../toasts/toastStore';
import { apiProblem } from '../../app/errors/apiProblem';
import { createAnnotation, deleteAnnotations, fetchAnnotationPage, getLayer, updateAnnotation, type AnnotationRow } from './annotationsApi';

const FILTERS: ListFilter[] = [{ kind: 'search', id: 'search', label: 'Search annotations', placeholder: 'Description', col: 'short_descr', opr: 'annotation_all_text' }];

/** datetime-local inputs show minutes; the API takes and answers naive UTC text. */
const toInput = (dttm: string) => dttm.slice(0, 16);
const fromInput = (value: string) => (value.length === 16 ? `${value}:00` : value);
const shown = (dttm: string) => dttm.replace('T', ' ').slice(0, 16);

function AnnotationDialog({ layerId, annotation, onClose, onSaved }: { layerId: number; annotation: AnnotationRow | null; onClose: () => void; onSaved: () => void }) {
  const [shortDescr, setShortDescr] = useState(annotation?.short_descr ?? '');
  const [longDescr, setLongDescr] = useState(annotation?.long_descr ?? '');
  const [start, setStart] = useState(annotation ? toInput(annotation.start_dttm) : '');
  const [end, setEnd] = useState(annotation ? toInput(annotation.end_dttm) : '');
  const [json, setJson] = useState(annotation?.json_metadata ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = async () => {
    const body = { short_descr: shortDescr.trim(), long_descr: longDescr || null, start_dttm: fromInput(start), end_dttm: fromInput(end || start), json_metadata: json || null };
    try {
      if (annotation) await updateAnnotation(layerId, annotation.id, body);
      else await createAnnotation(layerId, body);
      addSuccessToast(annotation ? `Annotation saved: ${body.short_descr}` : `Annotation created: ${body.short_descr}`);
      onSaved();
      onClose();
    } catch (e) {
      setProblem(apiProblem(e, 'The annotation could not be saved'));
    }
  };
  return (
    <Modal title={annotation ? 'Edit annotation' : 'New annotation'} onClose={onClose} onSubmit={() => void save()}>
      <label className="field"><span className="field__label">Short description</span><input className="input" autoFocus value={shortDescr} onChange={(e) => setShortDescr(e.target.value)} aria-label="Short description" /></label>
      <label className="field"><span className="field__label">Start (UTC)</span><input className="input" type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} aria-label="Start" /></label>
      <label className="field"><span className="field__label">End (UTC)</span><input className="input" type="datetime-local" value={end} onChange={(e) => setEnd(e.target.value)} aria-label="End" /></label>
      <label className="field"><span className="field__label">Long description</span><textarea className="textarea" rows={3} value={longDescr} onChange={(e) => setLongDescr(e.target.value)} aria-label="Long description" /></label>
      <label className="field"><span className="field__label">JSON metadata</span><textarea className="textarea" rows={3} value={json} onChange={(e) => setJson(e.target.value)} aria-label="JSON metadata" /></label>
      {problem && <p role="alert" className="field__error">{problem}</p>}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>Cancel</button>
        <button type="submit" className="button button--primary" disabled={!shortDescr.trim() || !start}>Save</button>
      </div>
    </Modal>
  );
}

export default function AnnotationListPage() {
  const layerId = Number(useParams({ strict: false }).layerId);
  const [layerName, setLayerName] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [count, setCount] = useState<number | null>(null);
  const [editing, setEditing] = useState<AnnotationRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AnnotationRow[] | null>(null);
  const refresh = useCallback(() => setReload((n) => n + 1), []);
  const fetchPage = useCallback((q: ListArgs) => fetchAnnotationPage(layerId, q), [layerId]);
  useEffect(() => {
    getLayer(layerId)
      .then((l) => setLayerName(l.name ?? null))
      .catch(() => setLayerName(null));
  }, [layerId]);
  const remove = async (rows: AnnotationRow[]) => {
    try {
      await deleteAnnotations(layerId, rows.map((r) => r.id));
      addSuccessToast(rows.length === 1 ? `Deleted: ${rows[0].short_descr}` : `Deleted ${rows.length} annotations`);
      refresh();
    } catch (e) {
      addDangerToast(apiProblem(e, 'There was an issue deleting the selected annotations'));
    }
    setDeleting(null);
  };
  const columns: ListColumn<AnnotationRow>[] = [
    { id: 'short_descr', header: 'Label', sortColumn: 'short_descr', render: (a) => a.short_descr },
    { id: 'start', header: 'Start', sortColumn: 'start_dttm', render: (a) => shown(a.start_dttm) },
    { id: 'end', header: 'End', sortColumn: 'end_dttm', render: (a) => shown(a.end_dttm) },
    { id: 'modified', header: 'Last modified', sortColumn: 'changed_on_delta_humanized', render: (a) => a.changed_on_delta_humanized },
    {
      id: 'actions',
      header: 'Actions',
      hiddenHeader: true,
      render: (a) => (
        <>
          <button type="button" className="button button--ghost button--small" aria-label={`Edit annotation ${a.short_descr}`} onClick={() => setEditing(a)}>Edit</button>
          <button type="button" className="button button--ghost button--small" aria-label={`Delete annotation ${a.short_descr}`} onClick={() => setDeleting([a])}>Delete</button>
        </>
      ),
    },
  ];
  return (
    <div className="page">
      <PageHeader
        title={layerName ? `Annotation layer ${layerName}` : 'Annotations'}
        subtitle={count !== null ? `${count} annotations` : undefined}
        actions={
          <>
            <Link to="/annotationlayer/list/" className="button button--secondary">Back to all</Link>
            <button type="button" className="button button--primary" onClick={() => setEditing('new')}>New annotation</button>
          </>
        }
      />
      <ListView
        label="Annotations"
        columns={columns}
        filters={FILTERS}
        fetchPage={fetchPage}
        rowKey={(a) => a.id}
        rowLabel={(a) => a.short_descr}
        initialSort={{ column: 'start_dttm', order: 'desc' }}
        bulkActions={[{ key: 'delete', label: 'Delete selected', danger: true, run: (rows) => setDeleting(rows) }]}
        empty={{ title: 'No annotations yet', message: 'Add an annotation to draw it on charts that use this layer.', filteredMessage: 'No annotations match this search.' }}
        loadError="Annotations could not be loaded."
        reloadToken={reload}
        onLoaded={(page) => setCount(page.count)}
      />
      {editing && <AnnotationDialog layerId={layerId} annotation={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={refresh} />}
      {deleting && (
        <Modal title="Delete annotation?" onClose={() => setDeleting(null)} onSubmit={() => void remove(deleting)}>
          <p>{deleting.length === 1 ? `The annotation ${deleting[0].short_descr} will be deleted.` : `${deleting.length} annotations will be deleted.`}</p>
          <div className="modal__actions">
            <button type="button" className="button button--secondary" onClick={() => setDeleting(null)}>Cancel</button>
            <button type="submit" className="button button--danger">Delete</button>
          </div>
        </Modal>
      )}
    </div>
  );
}
