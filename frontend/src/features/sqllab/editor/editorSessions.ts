// Per tab: the last CodeMirror state (undo history, selection) and the handle its extensions call back
// into. Kept across tab switches, so returning to a tab restores its undo history, not just its text.
// A plain module map (not the store): editor states are large foreign objects, never persisted.
import type { Compartment, EditorState } from '@codemirror/state';

export interface EditorSession<C> {
  state?: EditorState;
  handle: { current: C };
  language: Compartment;
  /** Closes the mounted view's completion popup (set while the tab's editor is mounted). */
  closePopups?: () => void;
}

const sessions = new Map<string, EditorSession<unknown>>();

export function editorSession<C>(tabId: string, create: () => EditorSession<C>): EditorSession<C> {
  let s = sessions.get(tabId) as EditorSession<C> | undefined;
  if (!s) sessions.set(tabId, (s = create()) as EditorSession<unknown>);
  return s;
}

export const forgetEditorSession = (tabId: string) => sessions.delete(tabId);

/** A tab migrated to the server changes id; its editor session follows it. */
export function renameEditorSession(from: string, to: string) {
  const s = sessions.get(from);
  if (!s) return;
  sessions.delete(from);
  sessions.set(to, s);
}

/** Running answers the question the completion popup was asking: the Run button closes it too. */
export const closeEditorPopups = (tabId: string) => sessions.get(tabId)?.closePopups?.();
