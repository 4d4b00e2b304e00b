// Related objects shared by a list call's filters, sorts and presentation, each read at most once per
// request (a list shows the same owner or database on many rows).
import type { Ports } from '../ports/index';
import { getUserById } from '../platform/users';
import { findDatabase } from '../databases/repository';
import { tagRefsOf } from '../tags/refs';
import type { TaggableType } from '../../shared/tags/tagNames';

export interface UserRef {
  first_name: string;
  id: number;
  last_name: string;
}

export function relatedLoader(ports: Ports) {
  const users = new Map<number, Promise<UserRef | null>>();
  const dbs = new Map<number, Promise<string | null>>();
  return {
    user(id: number | null | undefined): Promise<UserRef | null> {
      if (id === null || id === undefined) return Promise.resolve(null);
      if (!users.has(id)) {
        users.set(id, getUserById(ports, id).then((u) => (u ? { first_name: u.first_name, id: u.id, last_name: u.last_name } : null)));
      }
      return users.get(id)!;
    },
    /** The tags an object carries ({id, name, type}). */
    tags: (type: TaggableType, id: number) => tagRefsOf(ports, type, id),
    databaseName(id: number | null | undefined): Promise<string | null> {
      if (id === null || id === undefined) return Promise.resolve(null);
      if (!dbs.has(id)) dbs.set(id, findDatabase(ports, id).then((d) => d?.database_name ?? null));
      return dbs.get(id)!;
    },
  };
}
export type RelatedLoader = ReturnType<typeof relatedLoader>;
