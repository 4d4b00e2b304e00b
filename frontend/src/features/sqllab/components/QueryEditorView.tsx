// One tab's workspace: the schema browser on the left (hideable), the SQL editor on top and the
// results/history pane below, split by a draggable, keyboard-resizable separator (northPercent).
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useSnapshot } from 'valtio';
import { formatEditorSql, runEditorQuery } from '../actions/queryActions';
import { toggleLeftBar, updateTab } from '../actions/tabActions';
import { SqlEditor } from '../editor/SqlEditor';
import { closeEditorPopups } from '../editor/editorSessions';
import { apply, sqlLab } from '../state/store';
import { alterEditor, editorView, setSelectedText } from '../state/tabTransitions';
import type { SqlLabState } from '../state/types';
import { EditorToolbar } from './EditorToolbar';
import { LeftBar } from './LeftBar';
import { SouthPane } from './SouthPane';
import { TemplateParamsEditor } from './TemplateParamsEditor';

const clamp = (n: number) => Math.min(85, Math.max(15, Math.round(n)));

export function QueryEditorView({ editorId }: { editorId: string }) {
  const snap = useSnapshot(sqlLab) as SqlLabState;
  const editor = editorView(snap, editorId);
  const main = useRef<HTMLDivElement>(null);
  const [showParams, setShowParams] = useState(false);
  const [dragPercent, setDragPercent] = useState<number | null>(null);

  const rerun = useCallback(() => void runEditorQuery(editorId), [editorId]);

  // Autorun (cloned tabs, shared links with autorun) fires once, when the tab is ready.
  useEffect(() => {
    if (editor?.autorun && editor.loaded && editor.dbId && editor.sql.trim()) {
      updateTab(editorId, { autorun: false });
      void runEditorQuery(editorId);
    }
  }, [editor?.autorun, editor?.loaded, editor?.dbId, editorId, editor?.sql]);

  if (!editor) return null;
  if (!editor.loaded) return <div className="query-editor query-editor--loading" role="status">Loading tab…</div>;
  const north = dragPercent ?? editor.northPercent ?? 45;
  const db = editor.dbId ? snap.databases[editor.dbId] : undefined;

  const setNorth = (percent: number) => updateTab(editorId, { northPercent: clamp(percent), southPercent: 100 - clamp(percent) });
  const startDrag = (e: PointerEvent) => {
    e.preventDefault();
    const box = main.current!.getBoundingClientRect();
    const percentAt = (y: number) => clamp(((y - box.top) / box.height) * 100);
    const move = (ev: globalThis.PointerEvent) => setDragPercent(percentAt(ev.clientY));
    const up = (ev: globalThis.PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      setDragPercent(null);
      setNorth(percentAt(ev.clientY));
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  const onSeparatorKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowUp') setNorth(north - 5);
    else if (e.key === 'ArrowDown') setNorth(north + 5);
    else return;
    e.preventDefault();
  };
  const run = (sql?: string) => {
    closeEditorPopups(editorId);
    void runEditorQuery(editorId, sql ? { sql } : {});
  };

  return (
    <div className={`query-editor${editor.hideLeftBar ? ' query-editor--no-left' : ''}`}>
      {!editor.hideLeftBar && <LeftBar editorId={editorId} dbId={editor.dbId} catalog={editor.catalog} schema={editor.schema} />}
      <button
        type="button"
        className="query-editor__left-toggle"
        aria-label={editor.hideLeftBar ? 'Show schema browser' : 'Hide schema browser'}
        title={editor.hideLeftBar ? 'Show schema browser' : 'Hide schema browser'}
        onClick={() => toggleLeftBar(editorId)}
      >
        {editor.hideLeftBar ? '»' : '«'}
      </button>
      <div className="query-editor__main" ref={main}>
        <div className="query-editor__north" style={{ flexBasis: `${north}%` }}>
          <EditorToolbar editor={editor} onRun={() => run()} showParams={showParams} onToggleParams={() => setShowParams(!showParams)} />
          {showParams && (
            <TemplateParamsEditor value={editor.templateParams ?? ''} onChange={(text) => updateTab(editorId, { templateParams: text })} />
          )}
          <SqlEditor
            key={editorId}
            tabId={editorId}
            value={editor.sql}
            dialect={db?.engine_information?.sql_dialect}
            scope={{ dbId: editor.dbId, catalog: editor.catalog, schema: editor.schema, quote: db?.engine_information?.sql_dialect === 'mysql' ? '`' : '"' }}
            onChange={(sql) => updateTab(editorId, { sql })}
            initialCursor={editor.cursorPosition}
            onSelection={(text, cursor) =>
              apply((s) => alterEditor(setSelectedText(s, editorId, text, Date.now()), editorId, { cursorPosition: cursor }, Date.now(), true))
            }
            onRun={run}
            onFormat={() => void formatEditorSql(editorId)}
            autoFocus
          />
        </div>
        <div
          className="query-editor__separator"
          role="separator"
          aria-orientation="horizontal"
          aria-label="Resize editor and results"
          aria-valuenow={north}
          aria-valuemin={15}
          aria-valuemax={85}
          tabIndex={0}
          onPointerDown={startDrag}
          onKeyDown={onSeparatorKey}
        />
        <div className="query-editor__south" style={{ flexBasis: `${100 - north}%` }}>
          <SouthPane editor={editor} onRerun={rerun} />
        </div>
      </div>
    </div>
  );
}
