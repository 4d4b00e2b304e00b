// Moving a query run into a tab (migrate_query). The query record and its indexes belong to
// functions/queries/; the tab listing of queries (gsi2) is keyed by tab, so moving a run re-keys it
// through the repository's own conditional update rather than a second writer of that item.
import { QUERY_STATES } from '../../shared/constants';
import type { Ports } from '../ports/index';
import type { QueryRecord } from '../queries/record';
import { tabQueriesKey, updateQueryState } from '../queries/repository';
import { padMs } from '../../shared/resources/keys';

export async function moveQueryToTab(ports: Pick<Ports, 'tables' | 'clock'>, query: QueryRecord, tabId: number): Promise<void> {
  const tab = String(tabId);
  // Any state: a finished run moves as well as a running one.
  const patch = {
    sql_editor_id: tab,
    gsi2pk: tabQueriesKey(query.user_id, tab),
    gsi2sk: padMs(query.start_time),
  } as Partial<QueryRecord>;
  await updateQueryState(ports, query, patch, { from: QUERY_STATES });
}
