// The row count of a chart answer and whether the query stopped at its row limit. Pure.
import type { FormData } from '../../../../../shared/viz/types';

interface Answer {
  rowcount?: number;
  sql_rowcount?: number | null;
}

export function rowCountSummary(queriesData: readonly Answer[], formData: FormData | null): { rows: number; text: string; limitReached: boolean } | null {
  const first = queriesData[0];
  if (!first) return null;
  // Rows the SQL returned (before post-processing reshaped them), which is what the limit cuts.
  const rows = first.sql_rowcount ?? first.rowcount;
  if (rows === undefined || rows === null) return null;
  const limit = Number(formData?.row_limit);
  return { rows, text: `${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'}`, limitReached: Number.isFinite(limit) && limit > 0 && rows >= limit };
}
