// Integer query ids (Superset's query.id) reserved in blocks: one counter write per BLOCK queries per
// container instead of one per query, since every run creates one. Ids stay unique and increase
// within a container; across containers they interleave, which nothing relies on (history orders by
// time). A container that dies leaves a gap, as an autoincrement column does after a rollback.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Tables } from '../ports/tables';
import { KEYS } from '../../shared/resources/keys';

export const ID_BLOCK = 20;

interface Block {
  next: number;
  end: number;
  reserving: Promise<void> | null;
}

// Per tables port: tests run several table servers in one process.
const blocks = new WeakMap<Tables, Block>();

const COUNTER_KEY = KEYS.counter('query');

/** The highest query id any container has reserved so far (0 before the first). */
export async function highestQueryId(tables: Tables): Promise<number> {
  const out = await tables.doc.send(new GetCommand({ TableName: tables.name('main'), Key: COUNTER_KEY, ConsistentRead: true }));
  return Number(out.Item?.value ?? 0);
}

async function reserve(tables: Tables, block: Block): Promise<void> {
  const out = await tables.doc.send(
    new UpdateCommand({
      TableName: tables.name('main'),
      Key: COUNTER_KEY,
      UpdateExpression: 'ADD #v :n',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':n': ID_BLOCK },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const top = Number(out.Attributes?.value);
  block.next = top - ID_BLOCK + 1;
  block.end = top + 1;
}

export async function nextQueryId(tables: Tables): Promise<number> {
  let block = blocks.get(tables);
  if (!block) blocks.set(tables, (block = { next: 0, end: 0, reserving: null }));
  while (block.next >= block.end) {
    const b = block;
    b.reserving ??= reserve(tables, b).finally(() => (b.reserving = null));
    await b.reserving;
  }
  return block.next++;
}
