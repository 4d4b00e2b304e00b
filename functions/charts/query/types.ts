// The compiler's input and output. CompilerDataset is structural: the datasets API's stored dataset,
// an examples table or a test fixture all fit it without this module importing any of them.
import type { AppliedFilter, ChartResultType, PostProcessingStep, QueryObject, RejectedFilter } from '../../../shared/schemas/chartData';
import type { EngineKind } from '../../engines/types';

export interface CompilerColumn {
  column_name: string;
  /** Engine type name as read from the engine (VARCHAR, DOUBLE, TIMESTAMP...). */
  type?: string | null;
  is_dttm?: boolean | null;
  /** SQL of a calculated column; the column_name is used as is when empty. */
  expression?: string | null;
  /** Superset's python_date_format: epoch_s, epoch_ms or a strftime pattern for string dates. */
  python_date_format?: string | null;
  filterable?: boolean | null;
  groupby?: boolean | null;
  verbose_name?: string | null;
}

export interface CompilerMetric {
  metric_name: string;
  expression: string;
  verbose_name?: string | null;
  d3format?: string | null;
}

export interface CompilerDataset {
  id?: number;
  engine: EngineKind;
  /** Physical table name, or the virtual dataset's name when `sql` is set. */
  table_name: string;
  schema?: string | null;
  catalog?: string | null;
  /** SQL of a virtual dataset: compiled as a subquery. */
  sql?: string | null;
  columns: CompilerColumn[];
  metrics: CompilerMetric[];
  main_dttm_col?: string | null;
  /** Superset's fetch_values_predicate: added to WHERE when a query sets apply_fetch_values_predicate. */
  fetch_values_predicate?: string | null;
  /** Superset's ALLOW_ADHOC_SUBQUERY (off by default). */
  allow_adhoc_subquery?: boolean;
}

/** A post-processing plan: the steps still to run on fetched rows, in order. */
export type PostProcessingPlan = PostProcessingStep[];

export interface CompiledQuery {
  /** The one SELECT to run (values quoted by the dialect). */
  sql: string;
  /** Output column labels in order (dimensions then metrics). */
  columns: string[];
  /** Labels of temporal output columns (sent to the client as epoch ms). */
  temporalColumns: string[];
  /** Metric labels in order. */
  metricLabels: string[];
  /** Superset's label_map (label -> the parts it came from). */
  labelMap: Record<string, string[]>;
  appliedFilters: AppliedFilter[];
  rejectedFilters: RejectedFilter[];
  /** Epoch ms of the resolved time range, null when open. */
  fromDttm: number | null;
  toDttm: number | null;
  /** Effective row limit after the server cap. */
  rowLimit: number;
  postProcessing: PostProcessingPlan;
  /** Time offsets ("1 year ago") that need their own query, joined on the x axis afterwards. */
  timeOffsets: string[];
}

export interface CompileInput {
  dataset: CompilerDataset;
  query: QueryObject;
  resultType?: ChartResultType;
  /**
   * Row level security of the user on this dataset (functions/rls/): each inner list is ORed, the
   * groups ANDed into WHERE. Every clause is checked again as one expression before it is embedded.
   */
  rowLevelFilters?: string[][];
  /** Fixed clock for relative time ranges (tests); defaults to now. */
  now?: Date;
}
