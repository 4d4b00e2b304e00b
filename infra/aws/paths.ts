// Where the CDK app finds its inputs. Tests point these at temporary folders so they do not depend on
// which handler modules, frontend build or examples database happen to exist in the working tree.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXAMPLES } from '../../shared/resources/index';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface AppPaths {
  /** functions/handlers: one `<module>.ts` per Lambda. */
  handlersDir: string;
  /** The built frontend (vite build output); deployed only when it exists. */
  webDist: string;
  /** The examples DuckDB file; uploaded only when it exists. */
  examplesFile: string;
  /** Folder whose `nodejs/node_modules` becomes the DuckDB layer (see duckdbLayer.ts). */
  duckdbLayerDir: string;
  /** tsconfig handed to esbuild. */
  tsconfig: string;
}

export const defaultPaths = (root = REPO_ROOT): AppPaths => ({
  handlersDir: join(root, 'functions', 'handlers'),
  webDist: join(root, 'dist', 'web'),
  examplesFile: join(root, EXAMPLES.localFile),
  duckdbLayerDir: join(root, 'infra', 'aws', '.layers', 'duckdb-linux-arm64'),
  tsconfig: join(root, 'tsconfig.json'),
});
