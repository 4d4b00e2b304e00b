// Favorites (Superset's FavStar) of any kind of object: one item per user, kind and object id.
//   pk USER#<uid>#FAVORITES   sk <KIND>#<padded id>
// One partition per user, so "is it a favorite" is one read and "my favorites of a kind" one query.
import { BatchGetCommand, DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { KEYS } from '../../shared/resources/keys';
import type { Ports } from '../ports/index';
import { queryAllItems } from '../ports/tables';
import { syncFavoriteTag } from '../tags/systemTags';

type P = Pick<Ports, 'tables'>;
/** Objects whose favorites Superset mirrors as `favorited_by:<user>` tags. */
const TAGGED_KIND = { CHART: 'chart', DASHBOARD: 'dashboard' } as const;
export type FavoriteKind = 'CHART' | 'DASHBOARD' | 'TAG';

const key = KEYS.favorite;

export async function addFavorite(ports: P, userId: number, kind: FavoriteKind, id: number, nowMs: number): Promise<void> {
  await ports.tables.doc.send(
    new PutCommand({ TableName: ports.tables.name('main'), Item: { ...key(userId, kind, id), objId: id, dttm: nowMs } }),
  );
  if (kind in TAGGED_KIND) await syncFavoriteTag(ports, userId, TAGGED_KIND[kind as keyof typeof TAGGED_KIND], id, nowMs);
}

export async function removeFavorite(ports: P, userId: number, kind: FavoriteKind, id: number): Promise<void> {
  await ports.tables.doc.send(new DeleteCommand({ TableName: ports.tables.name('main'), Key: key(userId, kind, id) }));
  if (kind in TAGGED_KIND) await syncFavoriteTag(ports, userId, TAGGED_KIND[kind as keyof typeof TAGGED_KIND], id, null);
}

/** The ids of this kind the user marked. */
export async function favoriteIds(ports: P, userId: number, kind: FavoriteKind): Promise<Set<number>> {
  const items = await queryAllItems(ports.tables, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :kind)',
    ExpressionAttributeValues: { ':pk': KEYS.favorites(userId), ':kind': `${kind}#` },
  });
  return new Set(items.map((i) => Number(i.objId)));
}

/** Which of `ids` the user marked (favorite_status), in at most one batch read per 100 ids. */
export async function favoriteStatus(ports: P, userId: number, kind: FavoriteKind, ids: number[]): Promise<Set<number>> {
  const found = new Set<number>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = unique.slice(i, i + 100).map((id) => key(userId, kind, id));
    while (keys?.length) {
      const out = await ports.tables.doc.send(
        new BatchGetCommand({ RequestItems: { [ports.tables.name('main')]: { Keys: keys } } }),
      );
      for (const item of out.Responses?.[ports.tables.name('main')] ?? []) found.add(Number(item.objId));
      keys = out.UnprocessedKeys?.[ports.tables.name('main')]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return found;
}
