// Alerts and reports (Superset's ReportScheduleRestApi, /api/v1/report/): CRUD, bulk delete, the
// execution log and the owners lookup of the list.
import { z } from 'zod';
import { defineRoutes } from './route';
import { IdParamsSchema, ListQuerySchema } from '../schemas/common';
import { ReportPostBodySchema, ReportPutBodySchema } from '../schemas/reportBody';

export { ReportPostBodySchema, ReportPutBodySchema };

export const REPORT_STATES = ['Success', 'Working', 'Error', 'Not triggered', 'On Grace'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

export const ReportIdsSchema = z.array(z.number().int().positive()).min(1).max(1000);
export const ReportRelatedParamsSchema = z.object({ column: z.string().min(1).max(64) });
export const ReportRelatedQSchema = z
  .object({ filter: z.string().max(256).optional(), page: z.number().int().min(0).default(0), page_size: z.number().int().min(1).max(1000).default(100) })
  .passthrough();
export const ReportLogParamsSchema = z.object({ pk: z.coerce.number().int().positive() });

const UserRefSchema = z.object({ id: z.number(), first_name: z.string(), last_name: z.string() }).partial();
const RecipientOutSchema = z.object({ id: z.number(), type: z.string(), recipient_config_json: z.string() }).partial();
export const ReportDictSchema = z
  .object({
    id: z.number(),
    type: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    active: z.boolean(),
    crontab: z.string(),
    crontab_humanized: z.string(),
    timezone: z.string(),
    report_format: z.string(),
    creation_method: z.string(),
    chart_id: z.number().nullable(),
    dashboard_id: z.number().nullable(),
    chart: z.object({ id: z.number(), slice_name: z.string(), viz_type: z.string() }).partial().nullable(),
    dashboard: z.object({ id: z.number(), dashboard_title: z.string() }).partial().nullable(),
    database: z.object({ id: z.number(), database_name: z.string() }).partial().nullable(),
    owners: z.array(UserRefSchema),
    recipients: z.array(RecipientOutSchema),
    last_state: z.string(),
    last_eval_dttm: z.number().nullable(),
    changed_on: z.string(),
    changed_on_delta_humanized: z.string(),
    created_on: z.string(),
    created_by: UserRefSchema.nullable(),
    changed_by: UserRefSchema.nullable(),
  })
  .partial()
  .passthrough();
const ListResponse = <T extends z.ZodType>(item: T) => z.object({ count: z.number(), ids: z.array(z.number()), result: z.array(item) }).passthrough();
export const ReportLogSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  scheduled_dttm: z.string().nullable(),
  start_dttm: z.string().nullable(),
  end_dttm: z.string().nullable(),
  value: z.number().nullable(),
  value_row_json: z.string().nullable(),
  state: z.enum(REPORT_STATES),
  error_message: z.string().nullable(),
});
const SaveResponse = z.object({ id: z.number(), result: z.record(z.string(), z.unknown()) });
const MessageSchema = z.object({ message: z.string() });
const RelatedResponseSchema = z.object({
  count: z.number(),
  result: z.array(z.object({ value: z.union([z.number(), z.string()]), text: z.string(), extra: z.record(z.string(), z.unknown()).optional() })),
});

/** Superset's get_slack_channels_schema: one or more comma-separated search terms, channel types, exact match, bypass the cache. */
export const SlackChannelsQSchema = z.object({
  search_string: z.string().max(1000).optional(),
  types: z.array(z.enum(['public_channel', 'private_channel'])).max(2).optional(),
  exact_match: z.boolean().optional(),
  force: z.boolean().optional(),
});
export const SlackChannelsResponseSchema = z.object({
  result: z.array(z.object({ id: z.string(), name: z.string(), is_member: z.boolean(), is_private: z.boolean() })),
});

export const OutboxResponseSchema = z.object({
  count: z.number(),
  result: z.array(
    z.object({ id: z.string(), sentAt: z.string(), from: z.string(), to: z.array(z.string()), cc: z.array(z.string()), bcc: z.array(z.string()), subject: z.string(), attachments: z.array(z.string()) }),
  ),
});

export const reportRoutes = defineRoutes([
  { name: 'report.outbox', method: 'GET', path: '/api/v1/report/outbox/', module: 'reports', permission: 'admin', response: OutboxResponseSchema },
  { name: 'report.slackChannels', method: 'GET', path: '/api/v1/report/slack_channels/', module: 'reports', permission: ['can_read', 'ReportSchedule'], q: SlackChannelsQSchema, response: SlackChannelsResponseSchema },
  { name: 'report.list', method: 'GET', path: '/api/v1/report/', module: 'reports', permission: ['can_read', 'ReportSchedule'], q: ListQuerySchema, response: ListResponse(ReportDictSchema) },
  { name: 'report.create', method: 'POST', path: '/api/v1/report/', module: 'reports', permission: ['can_write', 'ReportSchedule'], body: ReportPostBodySchema, response: { 201: SaveResponse } },
  { name: 'report.bulkDelete', method: 'DELETE', path: '/api/v1/report/', module: 'reports', permission: ['can_write', 'ReportSchedule'], q: ReportIdsSchema, response: MessageSchema },
  { name: 'report.related', method: 'GET', path: '/api/v1/report/related/{column}', module: 'reports', permission: ['can_read', 'ReportSchedule'], params: ReportRelatedParamsSchema, q: ReportRelatedQSchema, response: RelatedResponseSchema },
  { name: 'report.get', method: 'GET', path: '/api/v1/report/{pk}', module: 'reports', permission: ['can_read', 'ReportSchedule'], params: IdParamsSchema, response: z.object({ id: z.number(), result: ReportDictSchema }).passthrough() },
  { name: 'report.update', method: 'PUT', path: '/api/v1/report/{pk}', module: 'reports', permission: ['can_write', 'ReportSchedule'], params: IdParamsSchema, body: ReportPutBodySchema, response: SaveResponse },
  { name: 'report.delete', method: 'DELETE', path: '/api/v1/report/{pk}', module: 'reports', permission: ['can_write', 'ReportSchedule'], params: IdParamsSchema, response: MessageSchema },
  { name: 'report.logs', method: 'GET', path: '/api/v1/report/{pk}/log/', module: 'reports', permission: ['can_read', 'ReportSchedule'], params: ReportLogParamsSchema, q: ListQuerySchema, response: ListResponse(ReportLogSchema) },
]);
