// Export/import over HTTP as Superset's clients do it: GET .../export/?q=!(ids) answers a zip; POST
// .../import/ takes multipart formData (the zip), passwords (JSON) and overwrite ("true"/"false");
// /api/v1/assets/import/ names the zip part `bundle` (preset-cli's import_zip picks the key the same way).
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { parse, stringify } from 'yaml';

export type Files = Record<string, unknown>;

/** The zip's YAML files by their path below the top folder, parsed. */
export function unbundle(zip: Uint8Array): Files {
  const out: Files = {};
  for (const [name, bytes] of Object.entries(unzipSync(zip))) if (!name.endsWith('/')) out[name.slice(name.indexOf('/') + 1)] = parse(strFromU8(bytes));
  return out;
}

export function bundle(files: Files, root = 'bundle_export_20260101T000000'): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([path, content]) => [`${root}/${path}`, strToU8(stringify(content))])));
}

export async function exportZip(url: string, token: string, path: string): Promise<{ status: number; files: Files; disposition: string | null }> {
  const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) return { status: res.status, files: {}, disposition: null };
  return { status: 200, files: unbundle(new Uint8Array(await res.arrayBuffer())), disposition: res.headers.get('content-disposition') };
}

export async function importZip(
  url: string,
  token: string,
  path: string,
  zip: Uint8Array,
  options: { overwrite?: boolean; passwords?: Record<string, string> } = {},
): Promise<{ status: number; body: { message?: string; errors?: { message: string; extra?: Record<string, unknown> }[] } }> {
  const form = new FormData();
  const part = path.startsWith('/api/v1/assets/') ? 'bundle' : 'formData';
  form.append(part, new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'bundle.zip');
  if (options.passwords) form.append('passwords', JSON.stringify(options.passwords));
  form.append('overwrite', options.overwrite ? 'true' : 'false');
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as never };
}

/** The file of a folder whose content matches. */
export const fileIn = (files: Files, folder: string) => Object.entries(files).filter(([p]) => p.startsWith(`${folder}/`));
