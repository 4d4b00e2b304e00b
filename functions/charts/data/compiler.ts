// The seam to the query compiler (functions/charts/query/, built by its own module): compile a query
// object for a dataset, and run the post-processing steps left for the fetched rows.
import { SupersetError } from '../../../shared/errors';
import type { CompileInput, CompiledQuery, PostProcessingPlan } from '../query/types';

export interface QueryCompiler {
  compile(input: CompileInput): Promise<CompiledQuery>;
  postProcess(rows: Record<string, unknown>[], plan: PostProcessingPlan, compiled: CompiledQuery): Promise<{ rows: Record<string, unknown>[]; columns: string[] }>;
}

const unavailable = () =>
  new SupersetError('GENERIC_BACKEND_ERROR', 'The chart query compiler is not available in this build', { status: 501 });

export const queryCompiler: QueryCompiler = {
  async compile() {
    throw unavailable();
  },
  async postProcess(rows, plan, compiled) {
    if (plan.length) throw unavailable();
    return { rows, columns: compiled.columns };
  },
};
