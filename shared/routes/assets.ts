// Superset's asset bundles: export (a zip of YAML) and import (the zip posted as multipart
// `formData`, with `passwords` and `overwrite`) per kind, and for every asset at once.
import { z } from 'zod';
import { defineRoutes } from './route';
import type { RoutePermission } from '../security/permissions';
import { FileDownloadSchema } from '../schemas/responses/common';

/** `q=!(1,2)`: the objects to export. */
export const ExportIdsQSchema = z.array(z.number().int().positive()).min(1).max(1000);

/** A file part of a multipart body, as the handler stack hands it over. */
export const UploadedFileSchema = z.object({ filename: z.string(), contentType: z.string(), bytes: z.instanceof(Uint8Array) });

export const ImportBodySchema = z.object({
  formData: UploadedFileSchema,
  /** JSON object: database file path (`databases/x.yaml`) -> password. */
  passwords: z.string().max(100_000).optional(),
  overwrite: z.string().max(10).optional(),
  ssh_tunnel_passwords: z.string().max(100_000).optional(),
  ssh_tunnel_private_keys: z.string().max(100_000).optional(),
  ssh_tunnel_private_key_passwords: z.string().max(100_000).optional(),
  sync_columns: z.string().max(10).optional(),
  sync_metrics: z.string().max(10).optional(),
});
export type ImportBody = z.infer<typeof ImportBodySchema>;

/**
 * POST /api/v1/assets/import/ names its file part `bundle` (Superset's ImportExportRestApi; preset-cli's
 * import_zip sends it so), and always overwrites: `overwrite` is not one of its fields.
 */
export const AssetsImportBodySchema = ImportBodySchema.omit({ formData: true, overwrite: true }).extend({ bundle: UploadedFileSchema });
export type AssetsImportBody = z.infer<typeof AssetsImportBodySchema>;

export const ImportDoneSchema = z.object({ message: z.literal('OK') });

const KINDS = ['database', 'dataset', 'chart', 'dashboard', 'saved_query'] as const;
export type AssetKindName = (typeof KINDS)[number];

/** Exporting needs read access to the kind (databases: admin, their bundles carry connection details). */
const exportRoute = <N extends string, P extends string>(name: N, path: P, permission: RoutePermission) =>
  ({ name, method: 'GET', path, module: 'assets', permission, q: ExportIdsQSchema, response: FileDownloadSchema }) as const;
/** Importing writes databases and overwrites others' objects: admins only. */
const importRoute = <N extends string, P extends string>(name: N, path: P) =>
  ({ name, method: 'POST', path, module: 'assets', permission: 'admin', body: ImportBodySchema, bodyFormat: 'upload', response: ImportDoneSchema }) as const;

export const assetRoutes = defineRoutes([
  exportRoute('database.export', '/api/v1/database/export/', 'admin'),
  importRoute('database.import', '/api/v1/database/import/'),
  exportRoute('dataset.export', '/api/v1/dataset/export/', ['can_read', 'Dataset']),
  importRoute('dataset.import', '/api/v1/dataset/import/'),
  exportRoute('chart.export', '/api/v1/chart/export/', ['can_read', 'Chart']),
  importRoute('chart.import', '/api/v1/chart/import/'),
  exportRoute('dashboard.export', '/api/v1/dashboard/export/', ['can_read', 'Dashboard']),
  importRoute('dashboard.import', '/api/v1/dashboard/import/'),
  exportRoute('savedQuery.export', '/api/v1/saved_query/export/', ['can_read', 'SavedQuery']),
  importRoute('savedQuery.import', '/api/v1/saved_query/import/'),
  { name: 'assets.export', method: 'GET', path: '/api/v1/assets/export/', module: 'assets', permission: 'admin', response: FileDownloadSchema },
  { name: 'assets.import', method: 'POST', path: '/api/v1/assets/import/', module: 'assets', permission: 'admin', body: AssetsImportBodySchema, bodyFormat: 'upload', response: ImportDoneSchema },
]);

export const ASSET_KINDS = KINDS;
