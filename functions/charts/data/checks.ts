// The request checks Superset's chart data schemas and the Explore validators make before anything
// runs (spec §5): row limits are positive integers up to the server maximum, offsets are not negative.
import { SupersetError } from '../../../shared/errors';
import { SQL_MAX_ROW, type QueryObject } from '../../../shared/schemas/chartData';
import { AnnotationLayerSchema } from '../../../shared/viz/annotations/types';

const invalid = (message: string, index: number, field: string) =>
  new SupersetError('INVALID_PAYLOAD_SCHEMA_ERROR', message, { status: 400, extra: { messages: { queries: { [index]: { [field]: [message] } } } } });

export function checkQueryObjects(queries: QueryObject[]) {
  queries.forEach((query, index) => {
    for (const field of ['row_limit', 'series_limit', 'timeseries_limit'] as const) {
      const value = query[field];
      if (value === undefined || value === null) continue;
      if (!Number.isInteger(value)) throw invalid(`\`${field}\` is expected to be an integer`, index, field);
      // A series limit of 0 means "no limit", as Explore sends it; a row limit must be positive.
      if (field === 'row_limit' ? value < 1 : value < 0) throw invalid(`\`${field}\` must be a positive integer`, index, field);
    }
    if (query.row_limit && query.row_limit > SQL_MAX_ROW) throw invalid(`\`row_limit\` Value cannot exceed ${SQL_MAX_ROW}`, index, 'row_limit');
    if (query.row_offset !== undefined && query.row_offset !== null && query.row_offset < 0) {
      throw invalid('`row_offset` must be greater than or equal to 0', index, 'row_offset');
    }
    if (query.orderby !== undefined && !Array.isArray(query.orderby)) throw invalid('Found invalid orderby options', index, 'orderby');
    // Superset's AnnotationLayerSchema: name, a known type and source, a value, known styles.
    (query.annotation_layers ?? []).forEach((layer, i) => {
      const parsed = AnnotationLayerSchema.safeParse(layer);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw invalid(`Invalid annotation layer ${i}: ${issue.path.join('.') || 'layer'}: ${issue.message}`, index, 'annotation_layers');
      }
    });
  });
}
