// A missing chart cache entry is computed once however many requests want it at the same time: the
// others wait for the entry it writes. The lock lives in an in-memory stand-in for the main table that
// applies the same conditional writes DynamoDB would; "engine queries" are counted computes.
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { LOCK_TTL_MS, singleFlight, WAIT_MAX_MS } from '../../../../../functions/charts/data/singleFlight';
import type { Ports } from '../../../../../functions/ports/index';

function lockTable(clock: { now: number }) {
  const items = new Map<string, Record<string, unknown>>();
  const conditionFailed = () => Object.assign(new Error('condition'), { name: 'ConditionalCheckFailedException' });
  let ids = 0;
  const send = async (command: unknown) => {
    if (command instanceof PutCommand) {
      const item = command.input.Item as { pk: string; sk: string; expiresAtMs: number };
      const current = items.get(item.pk) as { expiresAtMs: number } | undefined;
      if (current && current.expiresAtMs > (command.input.ExpressionAttributeValues![':now'] as number)) throw conditionFailed();
      items.set(item.pk, item);
      return {};
    }
    if (command instanceof DeleteCommand) {
      const key = command.input.Key as { pk: string };
      if (items.get(key.pk)?.owner !== command.input.ExpressionAttributeValues![':owner']) throw conditionFailed();
      items.delete(key.pk);
      return {};
    }
    throw new Error(`unexpected ${String(command)}`);
  };
  const ports = {
    tables: { doc: { send }, name: () => 'main' },
    clock: { now: () => clock.now },
    ids: { uuid: () => `owner-${++ids}`, short: () => 'x' },
  } as unknown as Pick<Ports, 'tables' | 'clock' | 'ids'>;
  return { ports, items };
}

describe('chart cache single flight', () => {
  it('runs one engine query for ten concurrent requests of the same entry; the nine others answer from the entry it writes', async () => {
    const clock = { now: 1_000 };
    const { ports, items } = lockTable(clock);
    let queries = 0;
    let entry: string | null = null;
    let waiting = 0;
    let everyoneWaits: () => void = () => undefined;
    const othersWaited = new Promise<void>((resolve) => (everyoneWaits = resolve));
    // The query finishes only once the nine others are waiting for it: the overlap is certain, not timed.
    const compute = async () => {
      queries += 1;
      await othersWaited;
      entry = 'rows';
      return 'rows';
    };
    const wait = async () => {
      waiting += 1;
      if (waiting >= 9) everyoneWaits();
      await Promise.resolve();
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => singleFlight(ports, 'k1', compute, async () => entry, wait)));
    expect(answers).toEqual(Array(10).fill('rows'));
    expect(queries).toBe(1);
    // The lock is released once the entry is written.
    expect(items.size).toBe(0);
  });

  it('lets another request compute when the holder died (its lock expired), and each waiter computes after waiting too long', async () => {
    const clock = { now: 5_000 };
    const { ports } = lockTable(clock);
    let queries = 0;
    const compute = async () => `rows${++queries}`;
    // A holder that never finishes: its lock stays until it expires.
    const stuck = singleFlight(ports, 'k2', () => new Promise<string>(() => undefined), async () => null);
    await Promise.resolve();
    const afterExpiry = singleFlight(ports, 'k2', compute, async () => null, async () => {
      clock.now += LOCK_TTL_MS;
    });
    expect(await afterExpiry).toBe('rows1');
    void stuck;

    const { ports: other } = lockTable(clock);
    await other.tables.doc.send(new PutCommand({ TableName: 'main', Item: { pk: 'CHARTLOCK#k3', sk: 'LOCK', owner: 'someone', expiresAtMs: clock.now + 10 * WAIT_MAX_MS }, ExpressionAttributeValues: { ':now': clock.now } }));
    const gaveUp = await singleFlight(other, 'k3', compute, async () => null, async () => {
      clock.now += WAIT_MAX_MS;
    });
    expect(gaveUp).toBe('rows2');
  });
});
