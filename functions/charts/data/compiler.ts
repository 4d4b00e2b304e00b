// The seam to the query compiler (functions/charts/query/, its own module): compile a query object
// (for the cache key, before anything runs) and run one on an engine (compiled again, executed, time
// offsets joined, post-processed), answering Superset's result fields without the cache ones.
import type { ChartDataResponseResult, ChartResultType, QueryObject } from '../../../shared/schemas/chartData';
import type { Engine } from '../../engines/types';
import { compileQuery } from '../query/compile';
import { runChartQuery } from '../query/runQuery';
import type { CompileInput, CompiledQuery, CompilerDataset } from '../query/types';

export type ChartQueryResult = ChartDataResponseResult & { sql_rowcount?: number | null };

export interface QueryCompiler {
  compile(input: CompileInput): Promise<CompiledQuery>;
  run(engine: Engine, dataset: CompilerDataset, query: QueryObject, resultType: ChartResultType, options: { timeoutMs: number; rowLevelFilters?: string[][]; compiled?: CompiledQuery }): Promise<ChartQueryResult>;
}

export const queryCompiler: QueryCompiler = {
  compile: (input) => compileQuery(input),
  run: (engine, dataset, query, resultType, options) => runChartQuery(engine, dataset, query, resultType, options),
};
