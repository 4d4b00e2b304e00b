// Edit properties: title, slug, owners, roles (with DASHBOARD_RBAC), certification, color scheme,
// refresh frequency and the JSON metadata, saved with the dashboard (owners and roles as ids); tags are
// saved as they change.
import { useCallback, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Modal } from '../../../app/Modal';
import { dashboardStore } from '../state/dashboardStore';
import { REFRESH_INTERVALS, setColorScheme, setRefreshFrequency } from '../state/dashboardState';
import { saveDashboard } from '../actions/saveDashboard';
import { ObjectTagEditor } from '../../tags/ObjectTagEditor';
import { OwnersSelect, RelatedMultiSelect } from '../../../app/forms/OwnersSelect';
import { toOptions } from '../../../app/list/fetchList';
import { api } from '../../../api/client';
import { session } from '../../../auth/session';
import { CATEGORICAL_SCHEMES } from '../../../../../shared/viz/color/schemes';

export function PropertiesModal({ onClose }: { onClose: () => void }) {
  const snap = useSnapshot(dashboardStore);
  const info = snap.info!;
  const [title, setTitle] = useState(info.title);
  const [slug, setSlug] = useState(info.slug ?? '');
  const [certifiedBy, setCertifiedBy] = useState(info.certifiedBy ?? '');
  const [details, setDetails] = useState(info.certificationDetails ?? '');
  const [refresh, setRefresh] = useState(snap.ui.refreshFrequency);
  const [owners, setOwners] = useState(info.owners.map((o) => o.id));
  const [roles, setRoles] = useState(info.roles.map((r) => r.id));
  const [colorScheme, setSchemeChoice] = useState(snap.ui.colorScheme ?? '');
  const [metadata, setMetadata] = useState(JSON.stringify(info.metadata, null, 2));
  const rbac = useSnapshot(session).featureFlags.DASHBOARD_RBAC === true;
  const loadUsers = useCallback(async () => toOptions(await api.call('dashboard.related', { params: { column: 'owners' }, q: { page: 0, page_size: 1000 } })), []);
  const loadRoles = useCallback(async () => toOptions(await api.call('dashboard.related', { params: { column: 'roles' }, q: { page: 0, page_size: 1000 } })), []);
  const [error, setError] = useState<string | null>(null);

  const apply = async () => {
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(metadata || '{}');
    } catch {
      setError('JSON metadata is not valid JSON');
      return;
    }
    const pick = <T extends { id: number }>(ids: number[], known: readonly T[], named: (id: number) => T) => ids.map((id) => known.find((k) => k.id === id) ?? named(id));
    dashboardStore.info = {
      ...dashboardStore.info!,
      title,
      slug: slug || null,
      owners: pick(owners, info.owners, (id) => ({ id, first_name: '', last_name: '' })),
      roles: pick(roles, info.roles, (id) => ({ id, name: String(id) })),
      certifiedBy: certifiedBy || null,
      certificationDetails: certifiedBy ? details : null,
      metadata: parsed,
    };
    const withRefresh = setRefreshFrequency(dashboardStore.ui, refresh, true);
    dashboardStore.ui = colorScheme === (snap.ui.colorScheme ?? '') ? withRefresh : setColorScheme(withRefresh, colorScheme || null);
    if (await saveDashboard()) onClose();
  };
  return (
    <Modal title="Dashboard properties" onClose={onClose} onSubmit={() => void apply()} wide>
      <label className="field">Title<input className="input" value={title} onChange={(e) => setTitle(e.target.value)} /></label>
      <label className="field">URL slug<input className="input" value={slug} onChange={(e) => setSlug(e.target.value)} /></label>
      <OwnersSelect value={owners} current={info.owners} loadUsers={loadUsers} onChange={setOwners} />
      {rbac && <RelatedMultiSelect label="Roles" value={roles} current={info.roles.map((r) => ({ value: r.id, label: r.name }))} load={loadRoles} onChange={setRoles} />}
      <label className="field">Certified by<input className="input" value={certifiedBy} onChange={(e) => setCertifiedBy(e.target.value)} /></label>
      <label className="field">Certification details<input className="input" value={details} onChange={(e) => setDetails(e.target.value)} disabled={!certifiedBy} /></label>
      <label className="field">
        Refresh frequency
        <select className="input" value={refresh} onChange={(e) => setRefresh(Number(e.target.value))}>
          {REFRESH_INTERVALS.map(([s, label]) => <option key={s} value={s}>{label}</option>)}
        </select>
      </label>
      <label className="field">
        Color scheme
        <select className="input" value={colorScheme} onChange={(e) => setSchemeChoice(e.target.value)}>
          <option value="">Each chart's own</option>
          {Object.entries(CATEGORICAL_SCHEMES).map(([id, scheme]) => <option key={id} value={id}>{scheme.label}</option>)}
        </select>
      </label>
      <ObjectTagEditor type="dashboard" id={info.id} />
      <label className="field">JSON metadata<textarea className="input" rows={8} value={metadata} onChange={(e) => setMetadata(e.target.value)} /></label>
      {error && <p role="alert" className="field__error">{error}</p>}
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>Cancel</button>
        <button type="submit" className="button button--primary">Save</button>
      </div>
    </Modal>
  );
}
