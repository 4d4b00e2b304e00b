// "Edit chart properties" (Superset's chart PropertiesModal): name, description, certification, cache
// timeout and owners of the saved chart, written with PUT /api/v1/chart/{pk}; its tags, each added or
// removed at once through the tag API.
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../api/client';
import { ApiError } from '../../../api/ApiError';
import { toOptions } from '../../../app/list/fetchList';
import { OwnersSelect, type OwnerRef } from '../../../app/forms/OwnersSelect';
import { Modal } from '../../../app/Modal';
import { addSuccessToast } from '../../toasts/toastStore';
import { chartVersion } from '../actions/chartVersion';
import { exploreStore } from '../state/exploreStore';
import { ObjectTagEditor } from '../../tags/ObjectTagEditor';

interface Properties {
  name: string;
  description: string;
  certifiedBy: string;
  certificationDetails: string;
  cacheTimeout: string;
  owners: number[];
}

export function ChartPropertiesModal({ sliceId, onClose }: { sliceId: number; onClose: () => void }) {
  const [props, setProps] = useState<Properties | null>(null);
  const [currentOwners, setCurrentOwners] = useState<OwnerRef[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [readVersion, setReadVersion] = useState<number | null>(null);
  const set = (patch: Partial<Properties>) => setProps((p) => (p ? { ...p, ...patch } : p));
  const loadUsers = useCallback(async () => toOptions(await api.call('chart.related', { params: { column: 'owners' }, q: { page: 0, page_size: 1000 } })), []);

  useEffect(() => {
    api.call('chart.get', { params: { pk: sliceId } }).then(
      ({ result }) => {
        const owners = (result.owners ?? []).flatMap((o) => (o.id === undefined ? [] : [{ ...o, id: o.id }]));
        setCurrentOwners(owners);
        setReadVersion(chartVersion(result.changed_on));
        setProps({
          name: result.slice_name ?? '',
          description: result.description ?? '',
          certifiedBy: result.certified_by ?? '',
          certificationDetails: result.certification_details ?? '',
          cacheTimeout: result.cache_timeout === null || result.cache_timeout === undefined ? '' : String(result.cache_timeout),
          owners: owners.map((o) => o.id),
        });
      },
      () => setError('An error occurred while fetching the chart properties.'),
    );
  }, [sliceId]);

  const save = async () => {
    if (!props) return;
    if (!props.name.trim()) return setError('Name is required');
    setSaving(true);
    setError(null);
    try {
      const written = await api.call('chart.update', {
        params: { pk: sliceId },
        body: {
          slice_name: props.name.trim(),
          description: props.description || null,
          certified_by: props.certifiedBy || null,
          certification_details: props.certifiedBy ? props.certificationDetails || null : null,
          cache_timeout: props.cacheTimeout.trim() === '' ? null : Number(props.cacheTimeout),
          owners: props.owners,
        },
      });
      if (exploreStore.slice?.slice_id === sliceId) {
        // The page's version moves on only if nobody saved between its read and this one.
        const lastModifiedTime = exploreStore.slice.lastModifiedTime === readVersion ? written.last_modified_time : exploreStore.slice.lastModifiedTime;
        exploreStore.slice = { ...exploreStore.slice, slice_name: props.name.trim(), description: props.description || null, owners: props.owners, lastModifiedTime };
      }
      addSuccessToast('Chart properties updated');
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'An error occurred while saving the chart properties.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title="Edit chart properties" onClose={onClose} onSubmit={() => void save()}>
      {!props && !error && <p aria-busy="true">Loading…</p>}
      {props && (
        <>
          <label className="field"><span className="field__label">Name</span><input className="input" aria-label="Name" aria-required="true" value={props.name} onChange={(e) => set({ name: e.target.value })} /></label>
          <label className="field"><span className="field__label">Description</span><textarea className="textarea" rows={3} aria-label="Description" value={props.description} onChange={(e) => set({ description: e.target.value })} /></label>
          <label className="field"><span className="field__label">Certified by</span><input className="input" aria-label="Certified by" value={props.certifiedBy} onChange={(e) => set({ certifiedBy: e.target.value })} /></label>
          <label className="field"><span className="field__label">Certification details</span><input className="input" aria-label="Certification details" disabled={!props.certifiedBy} value={props.certificationDetails} onChange={(e) => set({ certificationDetails: e.target.value })} /></label>
          <label className="field"><span className="field__label">Cache timeout (seconds)</span><input className="input" inputMode="numeric" aria-label="Cache timeout" value={props.cacheTimeout} onChange={(e) => set({ cacheTimeout: e.target.value.replace(/[^\d-]/g, '') })} /></label>
          <OwnersSelect value={props.owners} current={currentOwners} loadUsers={loadUsers} onChange={(owners) => set({ owners })} />
          <ObjectTagEditor type="chart" id={sliceId} />
        </>
      )}
      {error && <p className="form__error" role="alert">{error}</p>}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>Cancel</button>
        <button type="submit" className="button button--primary" disabled={!props || saving}>Save</button>
      </div>
    </Modal>
  );
}
