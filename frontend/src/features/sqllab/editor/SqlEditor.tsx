// The CodeMirror 6 SQL editor of one tab. The view lives in a ref (never in the store); edits flow
// out through onChange/onSelection, and outside changes (Format SQL, a loaded tab) flow back in.
import { useEffect, useRef } from 'react';
import { autocompletion, closeBrackets, closeBracketsKeymap, closeCompletion, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { MySQL, PostgreSQL, SQLite, StandardSQL, keywordCompletionSource, sql, type SQLDialect } from '@codemirror/lang-sql';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { Compartment, EditorState, Prec } from '@codemirror/state';
import {
  EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers, placeholder,
} from '@codemirror/view';
import { schemaCompletionSource, type CompletionScope } from './schemaCompletion';
import { statementAt } from './statements';
import { editorSession } from './editorSessions';

/**
 * lang-sql dialect by the name the server sends for the database (engine_information.sql_dialect,
 * each engine's own knowledge); unknown names and databases without one use standard SQL.
 */
export function dialectFor(name: string | undefined): SQLDialect {
  switch ((name ?? '').toLowerCase()) {
    case 'postgresql':
      return PostgreSQL;
    case 'mysql':
      return MySQL;
    case 'sqlite':
      return SQLite;
    default:
      return StandardSQL;
  }
}

interface Callbacks {
  onChange: (sql: string) => void;
  onSelection: SqlEditorProps['onSelection'];
  onRun: (sql: string) => void;
  onFormat?: () => void;
  scope: CompletionScope;
}


export interface SqlEditorProps {
  /** Tab id: the key of the kept editor session. */
  tabId: string;
  value: string;
  /** The database's SQL dialect name (engine_information.sql_dialect). */
  dialect?: string;
  scope: CompletionScope;
  onChange: (sql: string) => void;
  onSelection: (selectedText: string, cursor: { row: number; column: number }) => void;
  /** Where the cursor was when the tab was last shown (row and column from 0). */
  initialCursor?: { row: number; column: number };
  /** Runs the given SQL (selection or statement under the cursor, or everything). */
  onRun: (sql: string) => void;
  onFormat?: () => void;
  autoFocus?: boolean;
}

export function SqlEditor({ tabId, value, dialect: dialectName, scope, onChange, onSelection, onRun, onFormat, autoFocus, initialCursor }: SqlEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const session = editorSession<Callbacks>(tabId, () => ({
    handle: { current: { onChange, onSelection, onRun, onFormat, scope } },
    language: new Compartment(),
  }));
  // Callbacks and scope change every render; the extensions read them through this handle.
  const latest = session.handle;
  latest.current = { onChange, onSelection, onRun, onFormat, scope };
  const language = session.language;

  useEffect(() => {
    const dialect = dialectFor(dialectName);
    const runKeys = Prec.highest(
      keymap.of([
        {
          key: 'Mod-Enter',
          run: (v) => {
            const sel = v.state.selection.main;
            const text = sel.empty ? statementAt(v.state.doc.toString(), sel.head)?.text : v.state.sliceDoc(sel.from, sel.to);
            // Running answers the question the completion popup was asking: close it.
            closeCompletion(v);
            if (text?.trim()) latest.current.onRun(text);
            return true;
          },
        },
        {
          key: 'Mod-Shift-f',
          run: () => {
            latest.current.onFormat?.();
            return true;
          },
        },
        {
          key: 'Mod-Shift-Enter',
          run: (v) => {
            closeCompletion(v);
            latest.current.onRun(v.state.doc.toString());
            return true;
          },
        },
      ]),
    );
    let anchor = value.length;
    if (initialCursor) {
      const lines = value.split('\n');
      const row = Math.min(initialCursor.row, lines.length - 1);
      anchor = lines.slice(0, row).reduce((n, l) => n + l.length + 1, 0) + Math.min(initialCursor.column, lines[row].length);
    }
    const kept = session.state;
    const state = kept ?? EditorState.create({
      doc: value,
      selection: { anchor },
      extensions: [
        runKeys,
        lineNumbers(),
        highlightActiveLineGutter(),
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        closeBrackets(),
        highlightActiveLine(),
        highlightSelectionMatches(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        language.of(sql({ dialect, upperCaseKeywords: true })),
        autocompletion({
          override: [keywordCompletionSource(dialect, true), schemaCompletionSource(() => latest.current.scope)],
          activateOnTyping: true,
        }),
        keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap, ...historyKeymap, ...completionKeymap, indentWithTab]),
        placeholder('Write SQL here. Ctrl+Enter runs the statement under the cursor.'),
        EditorView.contentAttributes.of({ 'aria-label': 'SQL editor', 'aria-multiline': 'true' }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) latest.current.onChange(u.state.doc.toString());
          if (u.selectionSet || u.docChanged) {
            const sel = u.state.selection.main;
            const line = u.state.doc.lineAt(sel.head);
            latest.current.onSelection(sel.empty ? '' : u.state.sliceDoc(sel.from, sel.to), { row: line.number - 1, column: sel.head - line.from });
          }
        }),
      ],
    });
    const v = new EditorView({ state, parent: host.current! });
    view.current = v;
    session.closePopups = () => closeCompletion(v);
    // A keyboard user walking the tab strip with the arrow keys keeps focus on the tabs.
    const onTabs = document.activeElement instanceof HTMLElement && document.activeElement.matches('[role="tab"]:focus-visible');
    if (autoFocus && !onTabs) v.focus();
    if (kept && kept.doc.toString() !== value) v.dispatch({ changes: { from: 0, to: kept.doc.length, insert: value } });
    v.dispatch({ effects: EditorView.scrollIntoView(v.state.selection.main.head, { y: 'center' }) });
    return () => {
      session.state = v.state;
      session.closePopups = undefined;
      v.destroy();
      view.current = null;
    };
    // The view is created once per mounted tab; value/dialect updates are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const dialect = dialectFor(dialectName);
    v.dispatch({ effects: language.reconfigure(sql({ dialect, upperCaseKeywords: true })) });
  }, [dialectName]);

  useEffect(() => {
    const v = view.current;
    if (!v || v.state.doc.toString() === value) return;
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  return <div className="sql-editor" ref={host} />;
}

export default SqlEditor;
