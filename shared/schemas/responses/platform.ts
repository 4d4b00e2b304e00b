// Answers of the platform routes: login and refresh tokens, the caller's profile and roles, share
// links, the event log and the async event stream.
import { z } from 'zod';

/** An error an async job ended with (Superset's error item; other keys pass). */
const AsyncEventErrorSchema = z.looseObject({
  message: z.string(),
  error_type: z.string().optional(),
  level: z.string().optional(),
  extra: z.unknown().optional(),
});

export const LoginAnswerSchema = z.object({ access_token: z.string(), refresh_token: z.string().optional() });
export const RefreshAnswerSchema = z.object({ access_token: z.string() });
/** GET /api/v1/security/csrf_token/: the token clients echo as X-CSRFToken on writes. */
export const CsrfTokenAnswerSchema = z.object({ result: z.string() });

/** GET /api/v1/me/ `result`. */
export const MeSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  is_anonymous: z.literal(false),
});
export type Me = z.infer<typeof MeSchema>;
export const MeAnswerSchema = z.object({ result: MeSchema });

/** GET /api/v1/me/roles/ `result`: bootstrap_user_data (camelCase) plus the snake_case fields of /me/. */
export const MyRolesSchema = MeSchema.extend({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  isActive: z.boolean(),
  isAnonymous: z.literal(false),
  createdOn: z.string().nullable(),
  /** Role name to its [permission, view] pairs. */
  roles: z.record(z.string(), z.array(z.tuple([z.string(), z.string()]))),
  permissions: z.object({ database_access: z.array(z.string()), datasource_access: z.array(z.string()) }),
  /** The deployment's feature flags (Superset's bootstrap common.feature_flags). */
  feature_flags: z.record(z.string(), z.boolean()),
});
export const MyRolesAnswerSchema = z.object({ result: MyRolesSchema });

export const KvStoreAnswerSchema = z.object({ id: z.string() });
/**
 * GET /kv/{id}/ answers the stored text as it was posted (text/plain, not checked). SQL Lab stores
 * JSON there, which the client parses: what that JSON holds is the reader's to check.
 */
export const KvValueSchema = z.unknown();

/** The event log answers an empty object. */
export const EmptyAnswerSchema = z.object({});

/**
 * One async job event (Superset's async_query_manager): stream id, channel, job, status and result
 * link; SQL Lab's events carry more (query_id, client_id), so the object stays open.
 */
export const AsyncEventSchema = z.looseObject({
  id: z.string(),
  channel_id: z.string(),
  job_id: z.string(),
  user_id: z.number().int(),
  status: z.string(),
  errors: z.array(AsyncEventErrorSchema),
  result_url: z.string().nullable(),
});
export type AsyncEventPayload = z.infer<typeof AsyncEventSchema>;
export const AsyncEventsAnswerSchema = z.object({ result: z.array(AsyncEventSchema) });
/** POST /api/v1/async_event/ticket/: the ticket for the WebSocket's `ticket` parameter and its life in seconds. */
export const WsTicketAnswerSchema = z.object({ result: z.object({ ticket: z.string(), expires_in: z.number().int() }) });

/** GET /health: plain text "OK" (not checked). */
export const HealthAnswerSchema = z.literal('OK');
/** The page a posted SQL Lab form opens (HTML, not checked). */
export const HtmlPageSchema = z.string();
