// The action row above the SQL: Run/Stop, row limit, Estimate cost, Format SQL, parameters, CTAS,
// Save, Copy link and Schedule. Shortcuts are shown in the titles so they are discoverable.
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { QUERY_LIMIT_CHOICES, isInProgress } from '../../../../../shared/constants';
import { estimateQueryCost, formatEditorSql, stopQuery } from '../actions/queryActions';
import { copyShareLink } from '../actions/savedActions';
import { updateTab } from '../actions/tabActions';
import { sqlLab, sqlLabConfig } from '../state/store';
import type { QueryEditor } from '../state/types';
import { EstimateCostDialog } from './EstimateCostDialog';
import { SaveQueryDialog } from './SaveQueryDialog';
import { ScheduleQueryDialog } from './ScheduleQueryDialog';
import { CtasOptions } from './CtasOptions';
import { templateParamsError } from './TemplateParamsEditor';
import { ShortcutsDialog } from './ShortcutsDialog';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
export const MOD = isMac ? '⌘' : 'Ctrl';

export interface EditorToolbarProps {
  editor: QueryEditor;
  onRun: () => void;
  showParams: boolean;
  onToggleParams: () => void;
}

export function EditorToolbar({ editor, onRun, showParams, onToggleParams }: EditorToolbarProps) {
  const snap = useSnapshot(sqlLab);
  const config = useSnapshot(sqlLabConfig);
  const [dialog, setDialog] = useState<'save' | 'estimate' | 'schedule' | 'ctas' | 'keys' | null>(null);
  const latest = editor.latestQueryId ? snap.queries[editor.latestQueryId] : undefined;
  const running = Boolean(latest && isInProgress(latest.state));
  const db = editor.dbId ? snap.databases[editor.dbId] : undefined;
  const hasSelection = Boolean(editor.selectedText?.trim());
  const limits = QUERY_LIMIT_CHOICES.filter((n) => n <= config.maxRow);
  const limit = editor.queryLimit ?? config.defaultQueryLimit;
  const paramsError = templateParamsError(editor.templateParams ?? '');
  const paramsCount = !paramsError && editor.templateParams?.trim() ? Object.keys(JSON.parse(editor.templateParams)).length : 0;

  return (
    <div className="editor-toolbar" role="toolbar" aria-label="Query actions">
      {running ? (
        <button type="button" className="button button--danger" onClick={() => latest && void stopQuery(latest.id)} title="Stop the running query">
          Stop
        </button>
      ) : (
        <button
          type="button"
          className="button button--primary"
          onClick={onRun}
          disabled={!editor.dbId || !editor.sql.trim()}
          title={`${hasSelection ? 'Run the selected text' : 'Run the whole editor'} (${MOD}+Enter runs the statement under the cursor, ${MOD}+Shift+Enter runs all)`}
        >
          <span aria-hidden="true">▶</span> Run
        </button>
      )}
      {hasSelection && !running && <span className="editor-toolbar__note">selection</span>}
      <label className="editor-toolbar__limit">
        <span>Limit</span>
        <select className="select select--small" aria-label="Row limit" value={limit} onChange={(e) => updateTab(editor.id, { queryLimit: Number(e.target.value) })}>
          {[...new Set([...limits, limit])].sort((a, b) => a - b).map((n) => (
            <option key={n} value={n}>
              {n.toLocaleString('en-US')}
            </option>
          ))}
        </select>
      </label>
      <span className="editor-toolbar__sep" />
      <button type="button" className="button button--ghost button--small" onClick={() => void formatEditorSql(editor.id)} disabled={!editor.sql.trim()} title={`Format SQL (${MOD}+Shift+F)`}>
        Format SQL
      </button>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => {
          setDialog('estimate');
          void estimateQueryCost(editor.id);
        }}
        disabled={!editor.dbId || !editor.sql.trim()}
      >
        Estimate cost
      </button>
      <button type="button" className={`button button--ghost button--small${showParams ? ' is-pressed' : ''}`} aria-pressed={showParams} onClick={onToggleParams}>
        Parameters{paramsCount ? ` (${paramsCount})` : ''}
        {paramsError && <span className="editor-toolbar__invalid" title={paramsError}> (invalid JSON)</span>}
      </button>
      {(db?.allow_ctas || db?.allow_cvas) && (
        <button type="button" className="button button--ghost button--small" onClick={() => setDialog('ctas')}>
          CTAS / CVAS
        </button>
      )}
      <span className="editor-toolbar__spacer" />
      <button type="button" className="button button--secondary button--small" onClick={() => setDialog('save')} title={editor.remoteId ? 'Saved query — save again or update' : 'Save this query'}>
        Save
      </button>
      <button type="button" className="button button--ghost button--small" onClick={() => void copyShareLink(editor.id)}>
        Copy link
      </button>
      <button type="button" className="button button--ghost button--small" onClick={() => setDialog('schedule')}>
        Schedule
      </button>
      <button type="button" className="icon-button" aria-label="Keyboard shortcuts" title="Keyboard shortcuts" onClick={() => setDialog('keys')}>
        ?
      </button>
      {dialog === 'save' && <SaveQueryDialog editor={editor} onClose={() => setDialog(null)} />}
      {dialog === 'estimate' && <EstimateCostDialog editorId={editor.id} onClose={() => setDialog(null)} />}
      {dialog === 'keys' && <ShortcutsDialog mod={MOD} onClose={() => setDialog(null)} />}
      {dialog === 'schedule' && <ScheduleQueryDialog editor={editor} onClose={() => setDialog(null)} />}
      {dialog === 'ctas' && db && <CtasOptions editor={editor} allowCtas={Boolean(db.allow_ctas)} allowCvas={Boolean(db.allow_cvas)} onClose={() => setDialog(null)} />}
    </div>
  );
}
