// Edit properties: title, slug, certification, color scheme, refresh frequency and the JSON metadata,
// saved with the dashboard (they mark it changed; Save writes them); tags are saved as they change.
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Modal } from '../../../app/Modal';
import { dashboardStore } from '../state/dashboardStore';
import { REFRESH_INTERVALS, setRefreshFrequency } from '../state/dashboardState';
import { saveDashboard } from '../actions/saveDashboard';
import { ObjectTagEditor } from '../../tags/ObjectTagEditor';

export function PropertiesModal({ onClose }: { onClose: () => void }) {
  const snap = useSnapshot(dashboardStore);
  const info = snap.info!;
  const [title, setTitle] = useState(info.title);
  const [slug, setSlug] = useState(info.slug ?? '');
  const [certifiedBy, setCertifiedBy] = useState(info.certifiedBy ?? '');
  const [details, setDetails] = useState(info.certificationDetails ?? '');
  const [refresh, setRefresh] = useState(snap.ui.refreshFrequency);
  const [metadata, setMetadata] = useState(JSON.stringify(info.metadata, null, 2));
  const [error, setError] = useState<string | null>(null);

  const apply = async () => {
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(metadata || '{}');
    } catch {
      setError('JSON metadata is not valid JSON');
      return;
    }
    dashboardStore.info = { ...dashboardStore.info!, title, slug: slug || null, certifiedBy: certifiedBy || null, certificationDetails: certifiedBy ? details : null, metadata: parsed };
    dashboardStore.ui = setRefreshFrequency(dashboardStore.ui, refresh, true);
    if (await saveDashboard()) onClose();
  };
  return (
    <Modal title="Dashboard properties" onClose={onClose} onSubmit={() => void apply()} wide>
      <label className="field">Title<input className="input" value={title} onChange={(e) => setTitle(e.target.value)} /></label>
      <label className="field">URL slug<input className="input" value={slug} onChange={(e) => setSlug(e.target.value)} /></label>
      <label className="field">Certified by<input className="input" value={certifiedBy} onChange={(e) => setCertifiedBy(e.target.value)} /></label>
      <label className="field">Certification details<input className="input" value={details} onChange={(e) => setDetails(e.target.value)} disabled={!certifiedBy} /></label>
      <label className="field">
        Refresh frequency
        <select className="input" value={refresh} onChange={(e) => setRefresh(Number(e.target.value))}>
          {REFRESH_INTERVALS.map(([s, label]) => <option key={s} value={s}>{label}</option>)}
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
