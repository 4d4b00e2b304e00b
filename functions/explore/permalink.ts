// Explore permalinks (Superset's ExplorePermalinkRestApi): the form data and URL parameters of a chart
// view under a random key, kept without expiry. Reading one checks access to its datasource again.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { KEYS } from '../../shared/resources/keys';
import { SupersetError, badRequest } from '../../shared/errors';
import type { ExplorePermalinkBody } from '../../shared/routes/explore';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import { json, type RawResponse } from '../http/respond';
import type { Ports } from '../ports/index';
import { checkExploreAccess, parseDatasourceKey } from './access';

export interface ExplorePermalinkState {
  chartId: number | null;
  datasourceId: number;
  datasourceType: string;
  formData: Record<string, unknown>;
  urlParams: [string, string][] | null;
}

const permalinkNotFound = () => new SupersetError('OBJECT_DOES_NOT_EXIST_ERROR', 'Not found', { status: 404 });

export async function createExplorePermalink(ports: Ports, user: Identity, body: ExplorePermalinkBody, origin: string): Promise<RawResponse> {
  requirePermission(user, 'can_write', 'ExplorePermalinkRestApi');
  const datasource = parseDatasourceKey(body.formData.datasource);
  if (!datasource) throw badRequest('Invalid datasource', { messages: { formData: ['datasource is required as "<id>__<type>"'] } });
  const chartId = Number(body.formData.slice_id) || null;
  await checkExploreAccess(ports, user, { datasource_id: datasource.id, datasource_type: datasource.type, chart_id: chartId });
  const state: ExplorePermalinkState = {
    chartId,
    datasourceId: datasource.id,
    datasourceType: datasource.type,
    formData: body.formData,
    urlParams: body.urlParams ?? null,
  };
  const key = ports.ids.short(16);
  await ports.tables.doc.send(
    new PutCommand({
      TableName: ports.tables.name('main'),
      Item: { ...KEYS.explorePermalink(key), state, owner: user.userId, created_on: ports.clock.now() },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return json(201, { key, url: `${origin}/superset/explore/p/${key}/` });
}

export async function readExplorePermalink(ports: Ports, key: string): Promise<ExplorePermalinkState | null> {
  const out = await ports.tables.doc.send(
    new GetCommand({ TableName: ports.tables.name('main'), Key: KEYS.explorePermalink(key) }),
  );
  return (out.Item?.state as ExplorePermalinkState | undefined) ?? null;
}

export async function getExplorePermalink(ports: Ports, user: Identity, key: string) {
  requirePermission(user, 'can_read', 'ExplorePermalinkRestApi', 'GENERIC_BACKEND_ERROR');
  const state = await readExplorePermalink(ports, key);
  if (!state) throw permalinkNotFound();
  await checkExploreAccess(ports, user, { datasource_id: state.datasourceId, datasource_type: state.datasourceType, chart_id: state.chartId });
  return { state };
}
