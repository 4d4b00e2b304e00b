// The import dialog of a list page (Superset's ImportModelsModal): choose a bundle zip, import; when
// the server says objects exist, ask to overwrite them; when a database needs its password, ask for it.
import { useState } from 'react';
import { Modal } from '../../app/Modal';
import { ApiError } from '../../api/ApiError';
import { addSuccessToast } from '../toasts/toastStore';
import { importAssets, importProblem, type AssetKind, type ImportProblem } from './assetBundles';

export function ImportDialog({ kind, title, onClose, onImported }: { kind: AssetKind; title: string; onClose: () => void; onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<ImportProblem | null>(null);
  const [overwrite, setOverwrite] = useState(false);
  const [passwords, setPasswords] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!file || busy) return;
    setBusy(true);
    try {
      await importAssets(kind, file, { overwrite, passwords });
      addSuccessToast('Import succeeded');
      onImported();
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setProblem(importProblem(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={title} onClose={onClose} onSubmit={() => void submit()}>
      <label className="field">
        <span>Bundle (.zip)</span>
        <input
          type="file"
          accept=".zip,application/zip"
          aria-label="Bundle file"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setProblem(null);
            setOverwrite(false);
          }}
        />
      </label>
      {problem?.needPasswords.map((path) => (
        <label className="field" key={path}>
          <span>Password for {path}</span>
          <input type="password" aria-label={`Password for ${path}`} value={passwords[path] ?? ''} onChange={(e) => setPasswords({ ...passwords, [path]: e.target.value })} />
        </label>
      ))}
      {problem && problem.existing.length > 0 && (
        <div role="alert">
          <p>These objects already exist: {problem.existing.join(', ')}.</p>
          <label>
            <input type="checkbox" checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)} /> Overwrite them
          </label>
        </div>
      )}
      {problem && !problem.existing.length && !problem.needPasswords.length && <p role="alert" className="error">{problem.message}</p>}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>Cancel</button>
        <button type="submit" className="button button--primary" disabled={!file || busy || (!!problem?.existing.length && !overwrite)}>
          {problem?.existing.length ? 'Overwrite' : 'Import'}
        </button>
      </div>
    </Modal>
  );
}
