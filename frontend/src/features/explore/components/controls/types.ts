import type { NamedControl } from '../../../../../../shared/viz/controls/types';
import type { DatasourceMeta, FormData } from '../../../../../../shared/viz/types';

export interface ControlProps {
  ctl: NamedControl;
  value: unknown;
  formData: FormData;
  datasource: DatasourceMeta | null;
  onChange: (value: unknown) => void;
  /** The id of the element describing the control's errors, for aria-describedby. */
  errorId?: string;
}

export const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === null || v === undefined || v === '' ? [] : [v]);

/** A column value's label: its name, or an adhoc column's label / SQL. */
export function columnLabel(c: unknown): string {
  if (typeof c === 'string') return c;
  const o = c as { label?: string; sqlExpression?: string };
  return o?.label || o?.sqlExpression || '';
}

/** A metric value's label: a saved metric's name, or the adhoc metric's label / derived name. */
export function metricLabel(m: unknown): string {
  if (typeof m === 'string') return m;
  const o = m as { label?: string | null; expressionType?: string; aggregate?: string; column?: { column_name?: string } | null; sqlExpression?: string };
  if (!o) return '';
  if (o.label) return o.label;
  return o.expressionType === 'SQL' ? String(o.sqlExpression ?? '') : `${o.aggregate}(${o.column?.column_name ?? ''})`;
}
