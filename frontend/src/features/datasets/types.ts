// The dataset shapes the list and the properties dialog read (Superset's list_columns and show_columns).
export interface Person {
  id: number;
  first_name: string;
  last_name: string;
}

export interface DatasetRow {
  id: number;
  table_name: string;
  kind: 'physical' | 'virtual';
  database: { id: number; database_name: string };
  schema: string | null;
  owners: Person[];
  changed_on_delta_humanized: string;
  changed_by_name: string;
  explore_url: string;
  description: string | null;
}

export interface DatasetColumn {
  id?: number;
  column_name: string;
  type?: string | null;
  verbose_name?: string | null;
  description?: string | null;
  expression?: string | null;
  is_dttm?: boolean | null;
  groupby?: boolean;
  filterable?: boolean;
  python_date_format?: string | null;
}

export interface DatasetMetric {
  id?: number;
  metric_name: string;
  expression: string;
  verbose_name?: string | null;
  d3format?: string | null;
  description?: string | null;
}

export interface DatasetDetail {
  id: number;
  table_name: string;
  description: string | null;
  cache_timeout: number | null;
  main_dttm_col: string | null;
  owners: Person[];
  columns: DatasetColumn[];
  metrics: DatasetMetric[];
}

export const fullName = (p: Person) => `${p.first_name} ${p.last_name}`.trim();
export const exploreUrl = (id: number) => `/explore/?datasource_type=table&datasource_id=${id}`;
