// Role names for RLS rules, which name roles by id: built-in and custom roles alike, from the role store.
import type { Ports } from '../ports/index';
import { listRoles } from '../security/roleStore';

/** A lookup from role id to name (null for an id no role has), read once. */
export async function roleNamer(ports: Ports): Promise<(id: number) => string | null> {
  const names = new Map((await listRoles(ports)).map((r) => [r.id, r.name]));
  return (id) => names.get(id) ?? null;
}
