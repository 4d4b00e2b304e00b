// The list's state (filters, sort, page, view mode), kept in the page URL so a reload or a shared link
// shows the same list; replaceState keeps the browser history free of every keystroke.
import { useCallback, useEffect, useRef, useState } from 'react';
import { stateFromSearch, stateToSearch } from './listQuery';
import type { ListState } from './types';

export function useListState(initial: ListState, sortable: string[]) {
  const initialRef = useRef(initial);
  const [state, setState] = useState<ListState>(() => stateFromSearch(window.location.search, initial, sortable));
  useEffect(() => {
    let search = stateToSearch(state, initialRef.current);
    // The embedding flag is the shell's, not the list's: it stays in the URL.
    const standalone = new URLSearchParams(window.location.search).get('standalone');
    if (standalone !== null) search = `${search ? `${search}&` : '?'}standalone=${encodeURIComponent(standalone)}`;
    const url = `${window.location.pathname}${search}${window.location.hash}`;
    if (url !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
      window.history.replaceState(window.history.state, '', url);
    }
  }, [state]);
  const update = useCallback((change: Partial<ListState>) => setState((s) => ({ ...s, ...change })), []);
  return [state, update] as const;
}
