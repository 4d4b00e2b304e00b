// GET /api/v1/rowlevelsecurity/ on the list engine: RLSRestApi's list, search and order columns.
import { humanizeDelta } from '../databases/serialize';
import { findDataset } from '../datasets/repository';
import { relatedLoader, type RelatedLoader } from '../lists/related';
import { numberOps, relManyMany, relOneMany, textOps } from '../lists/operators';
import type { ListResource } from '../lists/types';
import { listRlsFilters, type RlsRecord } from './repository';
import { roleNamer } from './roleNames';

interface Ctx {
  related: RelatedLoader;
  now: number;
  roleName: (id: number) => string | null;
}

const changedMs = (r: RlsRecord) => Date.parse(`${r.changed_on}Z`);

export const RLS_LIST_COLUMNS = [
  'id', 'name', 'filter_type', 'tables.id', 'tables.table_name', 'roles.id', 'roles.name', 'clause',
  'changed_on_delta_humanized', 'changed_by.first_name', 'changed_by.last_name', 'changed_by.id', 'group_key',
] as const;

export const rlsList: ListResource<RlsRecord, Ctx> = {
  title: 'List Row Level Security',
  pageSize: 25,
  maxPageSize: 100,
  defaultOrder: { column: 'changed_on_delta_humanized', direction: 'desc' },
  listColumns: RLS_LIST_COLUMNS,
  orderColumns: {
    name: (r) => r.name,
    filter_type: (r) => r.filter_type,
    clause: (r) => r.clause,
    changed_on_delta_humanized: changedMs,
    group_key: (r) => r.group_key,
    id: (r) => r.id,
  },
  filters: {
    name: textOps((r) => r.name),
    description: textOps((r) => r.description),
    filter_type: textOps((r) => r.filter_type),
    group_key: textOps((r) => r.group_key),
    clause: textOps((r) => r.clause),
    tables: relManyMany((r) => r.tables),
    roles: relManyMany((r) => r.roles),
    created_by: relOneMany((r) => r.created_by),
    changed_by: relOneMany((r) => r.changed_by),
    id: numberOps((r) => r.id),
  },
  context: async ({ ports }) => ({ related: relatedLoader(ports), now: ports.clock.now(), roleName: await roleNamer(ports) }),
  load: ({ ports }) => listRlsFilters(ports),
  id: (r) => r.id,
  present: async (records, { ports }, ctx) =>
    Promise.all(
      records.map(async (r) => {
        const tables = await Promise.all(r.tables.map((id) => findDataset(ports, id)));
        const changedBy = await ctx.related.user(r.changed_by);
        return {
          id: r.id,
          name: r.name,
          filter_type: r.filter_type,
          tables: tables.flatMap((t) => (t ? [{ id: t.id, table_name: t.table_name }] : [])),
          roles: r.roles.map((id) => ({ id, name: ctx.roleName(id) ?? String(id) })),
          clause: r.clause,
          changed_on_delta_humanized: humanizeDelta(changedMs(r), ctx.now),
          changed_by: changedBy ? { first_name: changedBy.first_name, last_name: changedBy.last_name, id: changedBy.id } : null,
          group_key: r.group_key,
        };
      }),
    ),
};
