// Reading and writing Superset's asset bundles: a zip whose one top folder holds metadata.yaml and
// one YAML file per object (databases/, datasets/<database>/, charts/, dashboards/, queries/).
import { strFromU8, strToU8, zipSync } from 'fflate';
import { parse, stringify } from 'yaml';
import { badRequest } from '../../shared/errors';
import { raw } from '../http/respond';
import { unzipBundle } from './safeUnzip';

export const EXPORT_VERSION = '1.0.0';

/** The bundle's files by their path below the top folder (`databases/examples.yaml`), parsed. */
export type BundleFiles = Map<string, unknown>;

/** 400 naming the file and the field, as Superset's import errors list them: {file: {field: [message]}}. */
export const fileError = (file: string, field: string, message: string) =>
  badRequest(`Error importing ${file}: ${field}: ${message}`, { [file]: { [field]: [message] } });

/** Unzips (within ZIP_LIMITS) and parses every YAML file; 400 naming the file when the zip or a file cannot be read. */
export function readBundle(zip: Uint8Array): BundleFiles {
  const entries = unzipBundle(zip);
  const files: BundleFiles = new Map();
  for (const [name, bytes] of Object.entries(entries)) {
    if (name.endsWith('/') || !/\.ya?ml$/i.test(name)) continue;
    // Superset strips the top folder (the export's name) from every path.
    const path = name.includes('/') ? name.slice(name.indexOf('/') + 1) : name;
    try {
      files.set(path, parse(strFromU8(bytes)));
    } catch (error) {
      throw fileError(path, '_schema', `Not valid YAML: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  if (!files.has('metadata.yaml')) throw badRequest('Missing metadata.yaml', { 'metadata.yaml': { _schema: ['Missing metadata.yaml'] } });
  return files;
}

/** The zip answer: `<prefix>_export_<stamp>/` holding the files, as an attachment. */
export function zipAnswer(root: string, files: Map<string, unknown>) {
  const entries: Record<string, Uint8Array> = {};
  for (const [path, content] of files) entries[`${root}/${path}`] = strToU8(stringify(content, { lineWidth: 0 }));
  const zip = Buffer.from(zipSync(entries));
  return raw({
    statusCode: 200,
    headers: { 'content-type': 'application/zip', 'content-disposition': `attachment; filename=${root}.zip` },
    body: zip.toString('base64'),
    isBase64Encoded: true,
  });
}
