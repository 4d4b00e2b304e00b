// Superset's legacy key-value store behind share links (/kv/store/, /kv/<id>/): an opaque text value
// under a short random id. Random rather than sequential ids, so links cannot be enumerated; kept
// LIMITS.kvTtlDays.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { LIMITS } from '../../shared/constants';
import { notFound } from '../../shared/errors';
import type { Ports } from '../ports/index';
import { isExpired } from '../ports/tables';
import { KEYS } from '../../shared/resources/keys';

const kvKey = KEYS.kv;

export async function storeValue(ports: Ports, ownerId: number, value: string): Promise<{ id: string }> {
  const now = ports.clock.now();
  const ttl = Math.ceil(now / 1000) + LIMITS.kvTtlDays * 86_400;
  // 11 characters of a 62-letter alphabet: a collision is astronomically unlikely, but a conditional
  // put still refuses to overwrite someone else's link if it ever happens.
  for (let attempt = 0; attempt < 3; attempt++) {
    const id = ports.ids.short(11);
    try {
      await ports.tables.doc.send(
        new PutCommand({
          TableName: ports.tables.name('main'),
          Item: { ...kvKey(id), value, owner: ownerId, created_on: new Date(now).toISOString(), ttl },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return { id };
    } catch (error) {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    }
  }
  throw new Error('Could not allocate a kv id');
}

export async function getValue(ports: Ports, id: string): Promise<string> {
  const out = await ports.tables.doc.send(new GetCommand({ TableName: ports.tables.name('main'), Key: kvKey(id) }));
  if (!out.Item || isExpired(out.Item as { ttl?: number }, ports.clock.now())) throw notFound('Key not found');
  return String(out.Item.value);
}

/** A value only its owner may read (a dashboard's download view): anyone else's id is not found. */
export async function getOwnedValue(ports: Ports, id: string, ownerId: number): Promise<string> {
  const out = await ports.tables.doc.send(new GetCommand({ TableName: ports.tables.name('main'), Key: kvKey(id) }));
  if (!out.Item || out.Item.owner !== ownerId || isExpired(out.Item as { ttl?: number }, ports.clock.now())) throw notFound('Key not found');
  return String(out.Item.value);
}
