// What one import run knows: who imports, whether existing objects are overwritten, and the local
// object each imported uuid became (later files refer to earlier ones by uuid).
import type { ChartRecord } from '../charts/repository';
import type { DatabaseRecord } from '../databases/repository';
import type { DatasetRecord } from '../datasets/repository';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';

export interface ImportContext {
  ports: Ports;
  user: Identity;
  /** Passwords by database file path (`databases/x.yaml`), as the `passwords` form field sends them. */
  passwords: Record<string, string>;
  databases: Map<string, DatabaseRecord>;
  datasets: Map<string, DatasetRecord>;
  charts: Map<string, ChartRecord>;
}

/** Whether an object found locally is replaced by the file: the imported kind with overwrite, else kept. */
export type Overwrite = boolean;

/** Text for a model field Superset keeps as JSON text, written as an object by some versions. */
export const jsonText = (value: unknown): string | null =>
  value === null || value === undefined || value === '' ? null : typeof value === 'string' ? value : JSON.stringify(value);

/** JSON text read back as an object for the YAML (Superset writes params and extra as objects). */
export function jsonObject(value: string | null | undefined): unknown {
  if (!value) return null;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
