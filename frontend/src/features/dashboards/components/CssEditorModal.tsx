// "Edit CSS" of the dashboard menu: the dashboard's css field, applied to the page as it is typed
// (the page renders info.css in a <style>), saved with the dashboard; Cancel restores what was there.
import { useRef, useState } from 'react';
import { Modal } from '../../../app/Modal';
import { dashboardStore } from '../state/dashboardStore';
import { saveDashboard } from '../actions/saveDashboard';

export function CssEditorModal({ onClose }: { onClose: () => void }) {
  const original = useRef(dashboardStore.info?.css ?? '');
  const [css, setCss] = useState(original.current);
  const apply = (next: string) => {
    setCss(next);
    if (dashboardStore.info) dashboardStore.info = { ...dashboardStore.info, css: next };
  };
  const cancel = () => {
    apply(original.current);
    onClose();
  };
  const save = async () => {
    if (await saveDashboard()) onClose();
  };
  return (
    <Modal title="Edit CSS" onClose={cancel} onSubmit={() => void save()} wide>
      <label className="field">
        CSS
        <textarea className="input" rows={12} spellCheck={false} value={css} placeholder=".dashboard { }" onChange={(e) => apply(e.target.value)} />
      </label>
      <div className="modal__actions">
        <button type="button" className="button" onClick={cancel}>Cancel</button>
        <button type="submit" className="button button--primary">Save</button>
      </div>
    </Modal>
  );
}
