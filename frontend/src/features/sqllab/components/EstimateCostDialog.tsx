// The cost estimate of the tab's SQL: a spinner until it returns, then the engine's figures as a table.
import { useSnapshot } from 'valtio';
import { sqlLab } from '../state/store';
import { Modal } from '../../../app/Modal';

export function EstimateCostDialog({ editorId, onClose }: { editorId: string; onClose: () => void }) {
  const snap = useSnapshot(sqlLab);
  const estimate = snap.queryCostEstimates[editorId];
  const rows = (estimate?.cost ?? []) as Record<string, unknown>[];
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return (
    <Modal title="Query cost estimate" onClose={onClose} wide>
      {estimate?.error ? (
        <p className="form__error" role="alert">{estimate.error}</p>
      ) : !estimate?.completed ? (
        <p role="status">Estimating…</p>
      ) : rows.length === 0 ? (
        <p>The database returned no estimate.</p>
      ) : (
        <table className="simple-table">
          <thead>
            <tr>{keys.map((k) => <th key={k} scope="col">{k}</th>)}</tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>{keys.map((k) => <td key={k}>{String(r[k] ?? '')}</td>)}</tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
