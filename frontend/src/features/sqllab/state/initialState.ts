// The empty editor-wide state (spec sqllab.md §3 "Editor-wide state"); the store and tests start here.
import type { SqlLabState } from './types';

export const initialSqlLabState = (): SqlLabState => ({
  queryEditors: [],
  unsavedQueryEditor: {},
  tabHistory: [],
  queries: {},
  tables: [],
  activeSouthPaneTab: 'Results',
  queriesLastUpdate: 0,
  editorTabLastUpdatedAt: 0,
  offline: false,
  databases: {},
  queryCostEstimates: {},
  errorMessage: null,
  localStorageUsageInKilobytes: 0,
  defaultDbId: null,
});

/** Client ids double as DynamoDB keys and S3 key parts server-side, so they use the URL-safe alphabet. */
export function clientId(length = 11): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => alphabet[b & 63]).join('');
}
