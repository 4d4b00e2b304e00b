// Users and roles admin (Flask-AppBuilder's security API as Superset mounts it, /api/v1/security/):
// users and roles CRUD with rison lists, a role's permission/view pairs, and every pair with its id.
import { z } from 'zod';
import { defineRoutes } from './route';
import { IdParamsSchema, ListQuerySchema, listResponseSchema } from '../schemas/common';

const Ids = z.array(z.number().int().positive()).max(1000);
const Name = z.string().trim().min(1).max(64);

/** FAB's UserPostSchema (roles are role ids; the password is hashed, never stored or shown as sent). */
export const UserPostBodySchema = z.object({
  first_name: z.string().trim().min(1).max(64),
  last_name: z.string().trim().min(1).max(64),
  username: z.string().trim().min(1).max(100),
  email: z.string().trim().email().max(320),
  active: z.boolean().default(true),
  password: z.string().min(1).max(1024),
  roles: Ids.min(1),
});
export type UserPostBody = z.infer<typeof UserPostBodySchema>;
export const UserPutBodySchema = UserPostBodySchema.extend({ active: z.boolean() }).partial();
export type UserPutBody = z.infer<typeof UserPutBodySchema>;

export const RoleBodySchema = z.object({ name: Name });
export const RolePermissionsBodySchema = z.object({ permission_view_menu_ids: Ids });

const RoleRefSchema = z.object({ id: z.number(), name: z.string() });
export const SecurityUserSchema = z
  .object({
    id: z.number(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    active: z.boolean(),
    roles: z.array(RoleRefSchema),
    created_on: z.string().nullable(),
    changed_on: z.string().nullable(),
    last_login: z.string().nullable(),
    login_count: z.number().nullable(),
    fail_login_count: z.number().nullable(),
  })
  .partial();
export const SecurityRoleSchema = z.object({ id: z.number(), name: z.string() }).partial();
export const PermissionViewSchema = z.object({ id: z.number(), permission_name: z.string(), view_menu_name: z.string() });
export const PermissionResourceSchema = z
  .object({ id: z.number(), permission: z.object({ name: z.string() }), view_menu: z.object({ name: z.string() }) })
  .partial();

const UserSavedSchema = z.object({ id: z.number(), result: z.record(z.string(), z.unknown()) });
const RoleSavedSchema = z.object({ id: z.number(), result: z.object({ name: z.string() }) });
const MessageSchema = z.object({ message: z.string() });

export const securityRoutes = defineRoutes([
  { name: 'securityUser.list', method: 'GET', path: '/api/v1/security/users/', module: 'securityAdmin', permission: ['can_read', 'User'], q: ListQuerySchema, response: listResponseSchema(SecurityUserSchema) },
  { name: 'securityUser.create', method: 'POST', path: '/api/v1/security/users/', module: 'securityAdmin', permission: ['can_write', 'User'], body: UserPostBodySchema, response: { 201: UserSavedSchema } },
  { name: 'securityUser.get', method: 'GET', path: '/api/v1/security/users/{pk}', module: 'securityAdmin', permission: ['can_read', 'User'], params: IdParamsSchema, response: z.object({ id: z.number(), result: SecurityUserSchema }) },
  { name: 'securityUser.update', method: 'PUT', path: '/api/v1/security/users/{pk}', module: 'securityAdmin', permission: ['can_write', 'User'], params: IdParamsSchema, body: UserPutBodySchema, response: UserSavedSchema },
  { name: 'securityUser.delete', method: 'DELETE', path: '/api/v1/security/users/{pk}', module: 'securityAdmin', permission: ['can_write', 'User'], params: IdParamsSchema, response: MessageSchema },
  { name: 'securityRole.list', method: 'GET', path: '/api/v1/security/roles/', module: 'securityAdmin', permission: ['can_read', 'Role'], q: ListQuerySchema, response: listResponseSchema(SecurityRoleSchema) },
  { name: 'securityRole.create', method: 'POST', path: '/api/v1/security/roles/', module: 'securityAdmin', permission: ['can_write', 'Role'], body: RoleBodySchema, response: { 201: RoleSavedSchema } },
  { name: 'securityRole.get', method: 'GET', path: '/api/v1/security/roles/{pk}', module: 'securityAdmin', permission: ['can_read', 'Role'], params: IdParamsSchema, response: z.object({ id: z.number(), result: SecurityRoleSchema }) },
  { name: 'securityRole.update', method: 'PUT', path: '/api/v1/security/roles/{pk}', module: 'securityAdmin', permission: ['can_write', 'Role'], params: IdParamsSchema, body: RoleBodySchema, response: RoleSavedSchema },
  { name: 'securityRole.delete', method: 'DELETE', path: '/api/v1/security/roles/{pk}', module: 'securityAdmin', permission: ['can_write', 'Role'], params: IdParamsSchema, response: MessageSchema },
  { name: 'securityRole.permissions', method: 'GET', path: '/api/v1/security/roles/{pk}/permissions/', module: 'securityAdmin', permission: ['can_read', 'Role'], params: IdParamsSchema, response: z.object({ result: z.array(PermissionViewSchema) }) },
  { name: 'securityRole.setPermissions', method: 'POST', path: '/api/v1/security/roles/{pk}/permissions', module: 'securityAdmin', permission: ['can_write', 'Role'], params: IdParamsSchema, body: RolePermissionsBodySchema, response: z.object({ result: RolePermissionsBodySchema }) },
  { name: 'securityPermission.list', method: 'GET', path: '/api/v1/security/permissions-resources/', module: 'securityAdmin', permission: ['can_read', 'Role'], q: ListQuerySchema, response: listResponseSchema(PermissionResourceSchema) },
]);
