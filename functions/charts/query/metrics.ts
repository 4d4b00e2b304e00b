// Metrics to SQL: a saved metric by name, an adhoc SIMPLE metric (aggregate over a column) or an adhoc
// SQL metric, each checked on the engine's parser. Labels follow Superset's get_metric_name.
import { AGGREGATES, type Aggregate, type Metric } from '../../../shared/schemas/chartData';
import { SupersetError } from '../../../shared/errors';
import { columnSql, missingColumns } from './columns';
import type { CompileContext } from './context';

export interface ResolvedMetric {
  sql: string;
  label: string;
}

export function metricLabel(metric: Metric): string {
  if (typeof metric === 'string') return metric;
  if (metric.label) return metric.label;
  if (metric.expressionType === 'SQL') return metric.sqlExpression;
  return `${metric.aggregate}(${metric.column?.column_name ?? ''})`;
}

export async function resolveMetric(context: CompileContext, metric: Metric): Promise<ResolvedMetric> {
  const label = metricLabel(metric);
  if (typeof metric === 'string') {
    const saved = context.metrics.get(metric);
    if (!saved) throw new SupersetError('INVALID_PAYLOAD_SCHEMA_ERROR', `Metric '${metric}' does not exist`, { extra: { metric } });
    return { sql: await context.check(saved.expression, 'metric', metric), label };
  }
  if (metric.expressionType === 'SQL') return { sql: await context.check(metric.sqlExpression, 'metric', label), label };
  const aggregate = metric.aggregate.toUpperCase() as Aggregate;
  if (!AGGREGATES.includes(aggregate)) {
    throw new SupersetError('INVALID_PAYLOAD_SCHEMA_ERROR', `Invalid aggregate ${metric.aggregate}: use one of ${AGGREGATES.join(', ')}.`, {
      extra: { aggregate: metric.aggregate },
    });
  }
  const name = metric.column?.column_name;
  if (!name) {
    if (aggregate === 'COUNT') return { sql: 'COUNT(*)', label };
    throw new SupersetError('INVALID_PAYLOAD_SCHEMA_ERROR', `The metric ${label} needs a column.`);
  }
  const column = context.columns.get(name);
  if (!column) throw missingColumns([name]);
  return { sql: context.dialect.aggregate(aggregate, await columnSql(context, column)), label };
}
