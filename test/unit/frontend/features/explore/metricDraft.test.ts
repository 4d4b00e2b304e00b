// The metric popover's fields read from a chosen metric and written back (in-place editing of a metric
// in the metrics control, spec §3 "Adhoc metric aggregates: AVG, COUNT, COUNT_DISTINCT, MAX, MIN, SUM").
import { describe, expect, it } from 'vitest';
import { canSaveDraft, draftFromMetric, metricFromDraft, simpleMetricSql } from '../../../../../frontend/src/features/explore/components/controls/metricDraft';
import { MetricSchema } from '../../../../../shared/schemas/chartData';

const SIMPLE = { expressionType: 'SIMPLE', column: { column_name: 'delay' }, aggregate: 'AVG', sqlExpression: null, label: 'AVG(delay)', hasCustomLabel: false, optionName: 'metric_abc' };

describe('a new metric opens on the Saved tab when the dataset has saved metrics, else Simple', () => {
  it('with and without saved metrics, and on a dropped column', () => {
    expect(draftFromMetric(undefined, ['count']).tab).toBe('SAVED');
    expect(draftFromMetric(undefined, ['count']).savedName).toBe('count');
    expect(draftFromMetric(undefined, []).tab).toBe('SIMPLE');
    expect(draftFromMetric(undefined, ['count'], 'origin')).toMatchObject({ tab: 'SIMPLE', column: 'origin' });
  });
});

describe('a chosen metric opens the editor on its own tab, filled in', () => {
  it('a saved metric on Saved', () => {
    expect(draftFromMetric('count', ['count', 'avg_delay'])).toMatchObject({ tab: 'SAVED', savedName: 'count' });
  });
  it('a SIMPLE metric on Simple with its column and aggregate; its SQL ready on Custom SQL', () => {
    expect(draftFromMetric(SIMPLE, [])).toMatchObject({ tab: 'SIMPLE', column: 'delay', aggregate: 'AVG', label: '', optionName: 'metric_abc', sql: 'AVG(delay)' });
  });
  it('a SQL metric on Custom SQL; a custom label is kept, a derived one is not', () => {
    const sql = { expressionType: 'SQL', sqlExpression: 'SUM(delay) / COUNT(*)', label: 'Mean delay', hasCustomLabel: true, optionName: 'metric_q' };
    expect(draftFromMetric(sql, [])).toMatchObject({ tab: 'SQL', sql: 'SUM(delay) / COUNT(*)', label: 'Mean delay', optionName: 'metric_q' });
    expect(draftFromMetric({ ...sql, hasCustomLabel: false }, []).label).toBe('');
  });
});

describe('saving an edited metric', () => {
  it('a changed aggregate renames a derived label and keeps the optionName', () => {
    const edited = metricFromDraft({ ...draftFromMetric(SIMPLE, []), aggregate: 'MAX' });
    expect(edited).toMatchObject({ expressionType: 'SIMPLE', aggregate: 'MAX', column: { column_name: 'delay' }, label: 'MAX(delay)', hasCustomLabel: false, optionName: 'metric_abc' });
    expect(MetricSchema.safeParse(edited).success).toBe(true);
  });
  it('a custom label wins; switching to Custom SQL gives a SQL metric the chart data request accepts', () => {
    const labelled = metricFromDraft({ ...draftFromMetric(SIMPLE, []), label: 'Worst delay' });
    expect(labelled).toMatchObject({ label: 'Worst delay', hasCustomLabel: true });
    const asSql = metricFromDraft({ ...draftFromMetric(SIMPLE, []), tab: 'SQL', sql: 'AVG(delay) * 60' });
    expect(asSql).toEqual({ expressionType: 'SQL', sqlExpression: 'AVG(delay) * 60', label: 'AVG(delay) * 60', hasCustomLabel: false, optionName: 'metric_abc' });
    expect(MetricSchema.safeParse(asSql).success).toBe(true);
  });
  it('a saved metric is its name; a new adhoc metric gets an optionName', () => {
    expect(metricFromDraft({ ...draftFromMetric(SIMPLE, ['count']), tab: 'SAVED', savedName: 'count' })).toBe('count');
    expect((metricFromDraft(draftFromMetric(undefined, [], 'delay')) as { optionName: string }).optionName).toMatch(/^metric_/);
  });
  it('Save needs a saved metric, a column (COUNT may go without) or SQL', () => {
    const d = draftFromMetric(undefined, []);
    expect(canSaveDraft(d)).toBe(false);
    expect(canSaveDraft({ ...d, aggregate: 'COUNT' })).toBe(true);
    expect(canSaveDraft({ ...d, tab: 'SQL', sql: '  ' })).toBe(false);
    expect(canSaveDraft({ ...d, tab: 'SAVED', savedName: '' })).toBe(false);
  });
  it('the SQL of a simple metric', () => {
    expect(simpleMetricSql('COUNT_DISTINCT', 'origin')).toBe('COUNT(DISTINCT origin)');
    expect(simpleMetricSql('COUNT', '')).toBe('COUNT(*)');
    expect(simpleMetricSql('SUM', 'delay')).toBe('SUM(delay)');
  });
});
