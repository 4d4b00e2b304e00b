// Export and import of Superset asset bundles from the list pages: GET <kind>/export/?q=!(ids)
// downloads the zip; POST <kind>/import/ uploads one (formData, passwords, overwrite) as Superset's
// ImportModelsCommand takes it. Import problems come back as {file: message} (422: already exists)
// or {file: {field: [messages]}} (400), which the dialog turns into prompts.
import { api } from '../../api/client';
import type { ApiError } from '../../api/ApiError';

export type AssetKind = 'chart' | 'dashboard' | 'dataset' | 'database' | 'savedQuery';

const EXPORT = { chart: 'chart.export', dashboard: 'dashboard.export', dataset: 'dataset.export', database: 'database.export', savedQuery: 'savedQuery.export' } as const;
const IMPORT = { chart: 'chart.import', dashboard: 'dashboard.import', dataset: 'dataset.import', database: 'database.import', savedQuery: 'savedQuery.import' } as const;

/** Downloads the bundle of these objects under the server's file name. */
export async function exportAssets(kind: AssetKind, ids: number[]): Promise<void> {
  const response = await api.raw(EXPORT[kind], { q: ids });
  const name = /filename=([^;]+)/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `${kind}_export.zip`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function importAssets(kind: AssetKind, file: File, options: { overwrite: boolean; passwords: Record<string, string> }): Promise<void> {
  const form = new FormData();
  form.append('formData', file, file.name);
  form.append('overwrite', options.overwrite ? 'true' : 'false');
  if (Object.keys(options.passwords).length) form.append('passwords', JSON.stringify(options.passwords));
  await api.upload(IMPORT[kind], form);
}

/** What an import failure asks of the user: overwrite these files, passwords for these, or nothing (a plain error). */
export interface ImportProblem {
  existing: string[];
  needPasswords: string[];
  message: string;
}

export function importProblem(error: ApiError): ImportProblem {
  const extra = (error.errors[0]?.extra ?? {}) as Record<string, unknown>;
  const existing: string[] = [];
  const needPasswords: string[] = [];
  for (const [file, value] of Object.entries(extra)) {
    if (typeof value === 'string' && /already exists/.test(value)) existing.push(file);
    const schema = (value as { _schema?: unknown })?._schema;
    if (Array.isArray(schema) && schema.some((m) => /password/i.test(String(m)))) needPasswords.push(file);
  }
  return { existing, needPasswords, message: error.message };
}
