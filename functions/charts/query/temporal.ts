// Time range bounds as SQL literals fitting the column: DATE columns get dates, epoch columns numbers,
// string columns with a strftime python_date_format formatted text, others timestamps.
import type { CompileContext } from './context';
import type { CompilerColumn } from './types';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The subset of strftime Superset's string dates use. */
export function strftime(date: Date, format: string): string {
  const parts: Record<string, string> = {
    Y: String(date.getUTCFullYear()),
    m: pad(date.getUTCMonth() + 1),
    d: pad(date.getUTCDate()),
    H: pad(date.getUTCHours()),
    M: pad(date.getUTCMinutes()),
    S: pad(date.getUTCSeconds()),
    f: pad(date.getUTCMilliseconds() * 1000, 6),
    y: pad(date.getUTCFullYear() % 100),
    '%': '%',
  };
  return format.replace(/%([YmdHMSfy%])/g, (_match, key: string) => parts[key]);
}

export function boundLiteral(context: CompileContext, column: CompilerColumn | null, date: Date): string {
  const { dialect } = context;
  const format = column?.python_date_format ?? '';
  if (format === 'epoch_s') return String(Math.floor(date.getTime() / 1000));
  if (format === 'epoch_ms') return String(date.getTime());
  if (format) return dialect.stringLiteral(strftime(date, format));
  const type = (column?.type ?? '').trim().toUpperCase();
  const midnight = date.getTime() % 86_400_000 === 0;
  if (type === 'DATE' && midnight) return dialect.dateLiteral(date);
  return dialect.datetimeLiteral(date);
}
