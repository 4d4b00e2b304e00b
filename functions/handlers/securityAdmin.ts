// Users and roles admin: /api/v1/security/users/, /roles/, /roles/{pk}/permissions/ and
// /permissions-resources/ (one Lambda; admins only, as the route table declares).
import { httpModule } from '../http/httpModule';
import { getPorts } from '../ports/index';
import { createSecurityUser, deleteSecurityUser, getSecurityUser, listSecurityUsers, updateSecurityUser } from '../security/userAdmin';
import {
  createSecurityRole,
  deleteSecurityRole,
  getSecurityRole,
  listPermissionResources,
  listSecurityRoles,
  securityRolePermissions,
  setSecurityRolePermissions,
  updateSecurityRole,
} from '../security/roleAdmin';
import { json } from '../http/respond';

export const handler = httpModule({
  'securityUser.list': (req) => listSecurityUsers(getPorts(), req.user, req.q),
  'securityUser.create': async (req) => json(201, await createSecurityUser(getPorts(), req.body)),
  'securityUser.get': (req) => getSecurityUser(getPorts(), req.params.pk),
  'securityUser.update': (req) => updateSecurityUser(getPorts(), req.user, req.params.pk, req.body),
  'securityUser.delete': (req) => deleteSecurityUser(getPorts(), req.user, req.params.pk),
  'securityRole.list': (req) => listSecurityRoles(getPorts(), req.user, req.q),
  'securityRole.create': async (req) => json(201, await createSecurityRole(getPorts(), req.body)),
  'securityRole.get': (req) => getSecurityRole(getPorts(), req.params.pk),
  'securityRole.update': (req) => updateSecurityRole(getPorts(), req.params.pk, req.body),
  'securityRole.delete': (req) => deleteSecurityRole(getPorts(), req.params.pk),
  'securityRole.permissions': (req) => securityRolePermissions(getPorts(), req.params.pk),
  'securityRole.setPermissions': (req) => setSecurityRolePermissions(getPorts(), req.params.pk, req.body),
  'securityPermission.list': (req) => listPermissionResources(getPorts(), req.user, req.q),
});
