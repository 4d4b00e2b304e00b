// Favorites (Superset's FavStar) of any kind of object: one item per user, kind and object id.
//   pk USER#<uid>#FAVORITES   sk <KIND>#<padded id>
// One partition per user, so "is it a favorite" is one read and "my favorites of a kind" one query.
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { KEYS } from '../../shared/resources/keys';
import type { Ports } from '../ports/index';
import { batchGetItems, queryAllItems } from '../ports/tables';
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
  const items = await batchGetItems(ports.tables, ids.map((id) => key(userId, kind, id)));
  return new Set(items.map((item) => Number(item.objId)));
}
