// "Change dataset": datasets searched by name, one chosen, the chart's controls remapped onto it.
import { useEffect, useState } from 'react';
import { Modal } from '../../../app/Modal';
import { searchDatasets, type DatasetOption } from '../../datasets/searchDatasets';
import { addSuccessToast } from '../../toasts/toastStore';
import { changeDataset } from '../actions/changeDataset';

export function ChangeDatasetModal({ currentId, onClose }: { currentId: number | null; onClose: () => void }) {
  const [text, setText] = useState('');
  const [options, setOptions] = useState<DatasetOption[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      searchDatasets(text).then(
        (rows) => live && (setOptions(rows.filter((r) => r.id !== currentId)), setProblem(null)),
        (e: unknown) => live && setProblem(e instanceof Error ? e.message : 'Datasets could not be loaded.'),
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, currentId]);
  const proceed = async () => {
    if (chosen === null) return;
    setBusy(true);
    try {
      await changeDataset(chosen);
      addSuccessToast('Successfully changed dataset!');
      onClose();
    } catch (e) {
      setProblem(e instanceof Error ? e.message : "The datasource couldn't be loaded");
      setBusy(false);
    }
  };
  return (
    <Modal title="Change dataset" onClose={onClose} onSubmit={() => void proceed()}>
      <input type="search" className="input" aria-label="Search datasets" placeholder="Search datasets" value={text} onChange={(e) => setText(e.target.value)} />
      {problem && <p role="alert">{problem}</p>}
      {options === null ? (
        <p role="status">Loading…</p>
      ) : options.length === 0 ? (
        <p>No datasets match.</p>
      ) : (
        <fieldset className="explore__dataset-choices">
          <legend>Datasets</legend>
          {options.map((o) => (
            <label key={o.id} className="explore__dataset-choice">
              <input type="radio" name="dataset" value={o.id} checked={chosen === o.id} onChange={() => setChosen(o.id)} />
              {o.label}
            </label>
          ))}
        </fieldset>
      )}
      <p className="explore__hint">Controls the new dataset lacks (columns, saved metrics) are removed from the chart.</p>
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={chosen === null || busy}>
          Proceed
        </button>
      </div>
    </Modal>
  );
}
