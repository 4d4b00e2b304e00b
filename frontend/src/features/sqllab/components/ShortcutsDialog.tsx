// The editor's keyboard shortcuts, one place to look them up.
import { Modal } from '../../../app/Modal';

export function ShortcutsDialog({ mod, onClose }: { mod: string; onClose: () => void }) {
  const rows: [string, string][] = [
    [`${mod}+Enter`, 'Run the selection, or the statement under the cursor'],
    [`${mod}+Shift+Enter`, 'Run the whole editor'],
    [`${mod}+Shift+F`, 'Format SQL'],
    [`${mod}+Space`, 'Show completions (keywords, schemas, tables, columns)'],
    [`${mod}+F`, 'Find in the editor'],
    ['Escape', 'Close the completion list, a menu or a dialog'],
    [`${mod}+Z / ${mod}+Shift+Z`, 'Undo / redo'],
    ['← / → on a tab', 'Move between tabs; F2 renames, double-click too'],
    ['↑ / ↓ on the splitter', 'Resize the editor and the results'],
    ['Arrows, PgUp/PgDn in the grid', 'Move the selected cell'],
    [`${mod}+C / ${mod}+Shift+C in the grid`, 'Copy the cell / the row'],
  ];
  return (
    <Modal title="Keyboard shortcuts" onClose={onClose} wide>
      <table className="simple-table">
        <tbody>
          {rows.map(([keys, what]) => (
            <tr key={keys}>
              <td><kbd className="kbd">{keys}</kbd></td>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={onClose}>Close</button>
      </div>
    </Modal>
  );
}
