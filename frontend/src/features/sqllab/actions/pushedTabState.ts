// What the server last acknowledged of each tab, so a PUT carries only what changed since. Shared by
// tabActions (which pushes) and tabLoading (which records what it loaded), apart from both so neither
// imports the other.
import { tabStatePutBody } from '../state/serverMapping';
import type { QueryEditor } from '../state/types';

export const lastPushed = new Map<string, Record<string, unknown>>();

/** Records an editor as the server holds it now. */
export const rememberPushed = (editor: QueryEditor) => lastPushed.set(editor.id, tabStatePutBody(editor));
