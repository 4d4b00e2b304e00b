// /annotationlayer/list/ (Manage -> Annotation layers): the layers on the shared ListView (search,
// sort, paging), each opening its annotations; new and edited layers in a dialog; deletes, one or
// several (a layer that still has annotations is refused by the server, and the toast says so).
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../app/PageHeader';
import { ListView } from '../../app/list/ListView';
import type { ListColumn, ListFilter } from '../../app/list/types';
import { Modal } from '../../app/Modal';
import { addSuccessToast } from '../toasts/toastStore';
import { useRowActions } from '../../app/list/useRowActions';
import { ConfirmRowsDelete } from '../../app/list/ConfirmRowsDelete';
import { apiProblem } from '../../app/errors/apiProblem';
import { createLayer, deleteLayers, fetchLayerPage, updateLayer, type LayerRow } from './annotationsApi';

const FILTERS: ListFilter[] = [{ kind: 'search', id: 'search', label: 'Search annotation layers', placeholder: 'Name or description', col: 'name', opr: 'annotation_layer_all_text' }];

function LayerDialog({ layer, onClose, onSaved }: { layer: LayerRow | null; onClose: () => void; onSaved: () => void }) {
  const [name, setName] = useState(layer?.name ?? '');
  const [descr, setDescr] = useState(layer?.descr ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = async () => {
    try {
      const body = { name: name.trim(), descr: descr || null };
      if (layer) await updateLayer(layer.id, body);
      else await createLayer(body);
      addSuccessToast(layer ? `Annotation layer saved: ${body.name}` : `Annotation layer created: ${body.name}`);
      onSaved();
      onClose();
    } catch (e) {
      setProblem(apiProblem(e, 'The annotation layer could not be saved'));
    }
  };
  return (
    <Modal title={layer ? 'Edit annotation layer' : 'New annotation layer'} onClose={onClose} onSubmit={() => void save()}>
      <label className="field"><span className="field__label">Name</span><input className="input" autoFocus value={name} onChange={(e) => setName(e.target.value)} aria-label="Annotation layer name" /></label>
      <label className="field"><span className="field__label">Description</span><textarea className="textarea" rows={3} value={descr} onChange={(e) => setDescr(e.target.value)} aria-label="Description" /></label>
      {problem && <p role="alert" className="field__error">{problem}</p>}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>Cancel</button>
        <button type="submit" className="button button--primary" disabled={!name.trim()}>Save</button>
      </div>
    </Modal>
  );
}

export default function AnnotationLayerListPage() {
  const rows = useRowActions<LayerRow>({
    deleteRows: (selected) => deleteLayers(selected.map((r) => r.id)),
    deletedMessage: (deleted) => (deleted.length === 1 ? `Deleted: ${deleted[0].name}` : `Deleted ${deleted.length} annotation layers`),
    failureMessage: 'There was an issue deleting the selected layers',
  });
  const columns: ListColumn<LayerRow>[] = [
    {
      id: 'name',
      header: 'Name',
      sortColumn: 'name',
      render: (l) => (
        <Link to="/annotationlayer/$layerId/annotation/" params={{ layerId: String(l.id) }}>
          {l.name}
        </Link>
      ),
    },
    { id: 'descr', header: 'Description', sortColumn: 'descr', render: (l) => l.descr ?? '' },
    { id: 'modified', header: 'Last modified', sortColumn: 'changed_on_delta_humanized', render: (l) => l.changed_on_delta_humanized },
    { id: 'created_by', header: 'Created by', sortColumn: 'created_by.first_name', render: (l) => l.created_by },
    {
      id: 'actions',
      header: 'Actions',
      hiddenHeader: true,
      render: (l) => (
        <>
          <button type="button" className="button button--ghost button--small" aria-label={`Edit annotation layer ${l.name}`} onClick={() => rows.setEditing(l)}>Edit</button>
          <button type="button" className="button button--ghost button--small" aria-label={`Delete annotation layer ${l.name}`} onClick={() => rows.askDelete([l])}>Delete</button>
        </>
      ),
    },
  ];
  return (
    <div className="page">
      <PageHeader
        title="Annotation layers"
        subtitle={rows.count !== null ? `${rows.count} annotation layers` : undefined}
        actions={<button type="button" className="button button--primary" onClick={() => rows.setEditing('new')}>New annotation layer</button>}
      />
      <ListView
        label="Annotation layers"
        columns={columns}
        filters={FILTERS}
        fetchPage={fetchLayerPage}
        rowKey={(l) => l.id}
        rowLabel={(l) => l.name}
        initialSort={{ column: 'changed_on_delta_humanized', order: 'desc' }}
        bulkActions={[{ key: 'delete', label: 'Delete selected', danger: true, run: rows.askDelete }]}
        empty={{ title: 'No annotation layers yet', message: 'Annotation layers hold events and periods to draw on time-series charts.', filteredMessage: 'No annotation layers match this search.' }}
        loadError="Annotation layers could not be loaded."
        reloadToken={rows.reloadToken}
        onLoaded={rows.onLoaded}
      />
      {rows.editing && <LayerDialog layer={rows.editing === 'new' ? null : rows.editing} onClose={() => rows.setEditing(null)} onSaved={rows.refresh} />}
      <ConfirmRowsDelete
        actions={rows}
        title="Delete annotation layer?"
        message={(d) => (d.length === 1 ? `The annotation layer ${d[0].name} will be deleted.` : `${d.length} annotation layers will be deleted.`)}
      />
    </div>
  );
}
