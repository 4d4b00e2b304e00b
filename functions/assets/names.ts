// File names inside an export bundle, as Superset writes them (werkzeug's secure_filename).

/** ASCII only, runs of whitespace become "_", other characters outside [A-Za-z0-9_.-] are dropped. */
export function secureFilename(name: string): string {
  const ascii = name.normalize('NFKD').replace(/[^\x00-\x7f]/g, '');
  const joined = ascii.replace(/[/\\]/g, ' ').trim().split(/\s+/).join('_');
  return joined.replace(/[^A-Za-z0-9_.-]/g, '').replace(/^[._]+|[._]+$/g, '');
}

/** The stem of an object's file, never empty. */
export const fileStem = (name: string | null | undefined, fallback: string) => secureFilename(name ?? '') || fallback;

/** `20261124T200929`: the stamp in a bundle's folder name. */
export const bundleStamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
