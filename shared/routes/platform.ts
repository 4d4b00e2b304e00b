// Platform routes: health, login, identity, share links (kv), the event log and async events.
import { z } from 'zod';
import { defineRoutes } from './route';
import {
  AsyncEventsAnswerSchema,
  WsTicketAnswerSchema,
  CsrfTokenAnswerSchema,
  EmptyAnswerSchema,
  HealthAnswerSchema,
  KvStoreAnswerSchema,
  KvValueSchema,
  LoginAnswerSchema,
  MeAnswerSchema,
  MyRolesAnswerSchema,
  RefreshAnswerSchema,
} from '../schemas/responses/platform';
import { StringIdParamsSchema } from '../schemas/common';

/** Marshmallow's Boolean (Superset's login schema): true/false and their usual spellings, as JSON or text. */
const TRUTHY = new Set(['t', 'true', 'on', 'y', 'yes', '1']);
const FALSY = new Set(['f', 'false', 'off', 'n', 'no', '0']);
export const LenientBooleanSchema = z.preprocess((v) => {
  if (typeof v === 'number' && (v === 0 || v === 1)) return v === 1;
  if (typeof v !== 'string') return v;
  const text = v.trim().toLowerCase();
  return TRUTHY.has(text) ? true : FALSY.has(text) ? false : v;
}, z.boolean());

export const LoginBodySchema = z.object({
  username: z.string().min(1).max(256),
  password: z.string().min(1).max(1024),
  provider: z.enum(['db', 'ldap']).default('db'),
  // superset-api-client sends "true" as a string.
  refresh: LenientBooleanSchema.default(false),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const RefreshBodySchema = z.object({ refresh_token: z.string().min(1).max(8192) }).partial();

/** A share link is one DynamoDB item (400 KB): its text is refused past this many UTF-8 bytes. */
export const KV_MAX_BYTES = 384 * 1024;
export const KvStoreBodySchema = z.object({
  data: z
    .string()
    .max(KV_MAX_BYTES, { message: `data is longer than ${KV_MAX_BYTES} bytes`, abort: true })
    .refine((s) => new TextEncoder().encode(s).length <= KV_MAX_BYTES, `data is longer than ${KV_MAX_BYTES} bytes`),
});

export const EventLogQuerySchema = z
  .object({
    explode: z.string().optional(),
    dashboard_id: z.string().optional(),
    slice_id: z.string().optional(),
  })
  .passthrough();

export const EventLogBodySchema = z
  .object({
    // A JSON string when posted as a form (sendBeacon), a list when posted as JSON.
    events: z.union([z.string().max(5_000_000), z.array(z.record(z.string(), z.unknown())).max(1024)]),
    guest_token: z.string().optional(),
    // sendBeacon cannot set headers: a beacon carries the access token as a form field instead.
    token: z.string().max(8192).optional(),
  })
  .passthrough();

export const AsyncEventQuerySchema = z.object({ last_id: z.string().max(64).optional() }).passthrough();

export const platformRoutes = defineRoutes([
  { name: 'health.get', method: 'GET', path: '/health', module: 'health', public: true, response: HealthAnswerSchema },
  { name: 'security.login', method: 'POST', path: '/api/v1/security/login', module: 'security', public: true, body: LoginBodySchema, response: LoginAnswerSchema },
  { name: 'security.refresh', method: 'POST', path: '/api/v1/security/refresh', module: 'security', public: true, body: RefreshBodySchema, response: RefreshAnswerSchema },
  // Superset clients fetch a CSRF token after login and send it as X-CSRFToken on every write; bearer
  // tokens are not sent by browsers on their own, so the token is handed out and accepted, not required.
  { name: 'security.csrfToken', method: 'GET', path: '/api/v1/security/csrf_token/', module: 'security', permission: 'authenticated', response: CsrfTokenAnswerSchema },
  { name: 'me.get', method: 'GET', path: '/api/v1/me/', module: 'me', permission: 'authenticated', response: MeAnswerSchema },
  { name: 'me.roles', method: 'GET', path: '/api/v1/me/roles/', module: 'me', permission: 'authenticated', response: MyRolesAnswerSchema },
  // Superset's share-link client posts `data` as a form field; JSON is accepted too.
  { name: 'kv.store', method: 'POST', path: '/kv/store/', module: 'kv', permission: ['can_store', 'KV'], body: KvStoreBodySchema, bodyFormat: 'form', response: KvStoreAnswerSchema },
  { name: 'kv.get', method: 'GET', path: '/kv/{pk}/', module: 'kv', permission: ['can_get_value', 'KV'], params: StringIdParamsSchema, response: KvValueSchema },
  { name: 'kv.getNoSlash', method: 'GET', path: '/kv/{pk}', module: 'kv', permission: ['can_get_value', 'KV'], params: StringIdParamsSchema, response: KvValueSchema },
  // Public at the gateway because browsers send it with sendBeacon, which cannot carry the
  // Authorization header; the handler checks the header or the form's token itself.
  { name: 'eventLog.post', method: 'POST', path: '/superset/log/', module: 'eventLog', public: true, query: EventLogQuerySchema, body: EventLogBodySchema, bodyFormat: 'form', response: EmptyAnswerSchema },
  // A short-lived single-use ticket the browser opens its WebSocket with (the access token never rides in a URL).
  { name: 'asyncEvents.ticket', method: 'POST', path: '/api/v1/async_event/ticket/', module: 'asyncEvents', permission: ['can_read', 'AsyncEventsRestApi'], response: WsTicketAnswerSchema },
  { name: 'asyncEvents.list', method: 'GET', path: '/api/v1/async_event/', module: 'asyncEvents', permission: ['can_read', 'AsyncEventsRestApi'], query: AsyncEventQuerySchema, response: AsyncEventsAnswerSchema },
]);
