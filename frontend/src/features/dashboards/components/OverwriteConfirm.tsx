// A save based on an older version: the confirm-diff step ('Please confirm the overwrite values.').
import { useSnapshot } from 'valtio';
import { Modal } from '../../../app/Modal';
import { dashboardStore } from '../state/dashboardStore';
import { cancelOverwrite, saveDashboard } from '../actions/saveDashboard';

export function OverwriteConfirm() {
  const { overwriteConfirm } = useSnapshot(dashboardStore);
  if (!overwriteConfirm) return null;
  return (
    <Modal title="Confirm overwrite" onClose={cancelOverwrite} onSubmit={() => void saveDashboard({ confirmed: true })}>
      <p>
        {`This dashboard was changed${overwriteConfirm.changedBy ? ` by ${overwriteConfirm.changedBy}` : ''} since you loaded it. Please confirm the overwrite values.`}
      </p>
      {overwriteConfirm.fields.length > 0 && (
        <ul aria-label="Fields that differ">
          {overwriteConfirm.fields.map((f) => <li key={f}>{f}</li>)}
        </ul>
      )}
      <div className="modal__actions">
        <button type="button" className="button" onClick={cancelOverwrite}>Cancel</button>
        <button type="submit" className="button button--danger">Overwrite</button>
      </div>
    </Modal>
  );
}
