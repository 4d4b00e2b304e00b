// The Explore page's state (valtio): the datasource, the form data being edited, the saved chart it
// came from, the chart's status machine and its last answer, and the unsaved-state key.
import { proxy } from 'valtio';
import type { ChartDataResponseResult, DatasourceMeta, FormData } from '../../../../../shared/viz/types';
import { initialChartState, type ChartState } from '../../charts/state/chartStatus';

export interface ExploreDatasource extends DatasourceMeta {
  id: number;
  type: string;
  name?: string | null;
  table_name?: string;
}

export interface ExploreSlice {
  slice_id: number;
  slice_name: string;
  owners: number[];
  description?: string | null;
  /** The version this page last read or wrote (chartVersion), sent with an overwrite; null: unknown. */
  lastModifiedTime: number | null;
}

export interface ExploreState {
  status: 'loading' | 'ready' | 'error';
  loadError: string | null;
  message: string | null;
  datasource: ExploreDatasource | null;
  formData: FormData;
  /** Values of controls a change hid (spec §4 stashing), restored when they show again. */
  hiddenFormData: Record<string, unknown>;
  /** Values of controls earlier viz types had and the current one lacks, restored by a later switch. */
  sharedFormData: Record<string, unknown>;
  slice: ExploreSlice | null;
  /** The chart name typed in the header's title, used by the next save; null: the saved name. */
  sliceNameDraft: string | null;
  chart: ChartState;
  queriesData: ChartDataResponseResult[] | null;
  /** The server's error items of the last failed query, for the error display. */
  chartErrors: unknown[] | null;
  formDataKey: string | null;
  isFavorite: boolean;
  permalink: string | null;
}

export const exploreStore = proxy<ExploreState>({
  status: 'loading',
  loadError: null,
  message: null,
  datasource: null,
  formData: { viz_type: 'table' },
  hiddenFormData: {},
  sharedFormData: {},
  slice: null,
  sliceNameDraft: null,
  chart: initialChartState(),
  queriesData: null,
  chartErrors: null,
  formDataKey: null,
  isFavorite: false,
  permalink: null,
});

export function resetExplore() {
  Object.assign(exploreStore, {
    status: 'loading',
    loadError: null,
    message: null,
    datasource: null,
    formData: { viz_type: 'table' },
    hiddenFormData: {},
    sharedFormData: {},
    slice: null,
    sliceNameDraft: null,
    chart: initialChartState(),
    queriesData: null,
    chartErrors: null,
    formDataKey: null,
    isFavorite: false,
    permalink: null,
  });
}

/** The datasource key of the form data ('12__table'). */
export const datasourceKey = (ds: { id: number; type: string }) => `${ds.id}__${ds.type}`;
