import { PutCommand, BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { startLocalCloud } from '../support/localCloud';
const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const cloud = await startLocalCloud();
try {
  const ports = cloud.stack.ports; const T = ports.tables.name('main'); const doc = ports.tables.doc;
  let n = 0;
  const q = () => ({ pk: `QUERY#x${++n}`, sk: 'QUERY', gsi1pk: 'USER#1#QUERIES', gsi1sk: String(Date.now()).padStart(15,'0'), id: n, client_id: `x${n}`, database_id: 1, database_name: 'examples', user_id: 1, username: 'admin', status: 'success', sql: 'SELECT origin, count(*) AS flights FROM flights_3m GROUP BY origin', executed_sql: 'SELECT origin, count(*) AS flights FROM flights_3m GROUP BY origin LIMIT 1001', limit: 1000, limiting_factor: 'NOT_LIMITED', progress: 100, rows: 20, results_key: 'abcdefabcdef', start_time: Date.now(), end_time: Date.now(), changed_on: Date.now(), extra: {}, run_async: false, expand_data: false, applied_limit: 1000, attempts: 0 });
  const cases: Record<string, () => Promise<unknown>> = {
    get: () => doc.send(new GetCommand({ TableName: T, Key: { pk: 'nope', sk: 'x' } })),
    putSmall: () => doc.send(new PutCommand({ TableName: T, Item: { pk: `P#${++n}`, sk: 'P', client_id: 'abc' } })),
    putQuery: () => doc.send(new PutCommand({ TableName: T, Item: q(), ConditionExpression: 'attribute_not_exists(pk)' })),
    three: () => Promise.all([doc.send(new PutCommand({ TableName: T, Item: { pk: `P#${++n}`, sk: 'P', client_id: 'abc' } })), doc.send(new PutCommand({ TableName: T, Item: q(), ConditionExpression: 'attribute_not_exists(pk)' })), doc.send(new PutCommand({ TableName: T, Item: { pk: `R#${++n}`, sk: 'R', body: Buffer.alloc(600, 7), ttl: 123 } }))]),
    batch2plus1: () => Promise.all([doc.send(new BatchWriteCommand({ RequestItems: { [T]: [{ PutRequest: { Item: { pk: `P#${++n}`, sk: 'P', client_id: 'abc' } } }, { PutRequest: { Item: { pk: `R#${++n}`, sk: 'R', body: Buffer.alloc(600, 7), ttl: 123 } } }] } })), doc.send(new PutCommand({ TableName: T, Item: q(), ConditionExpression: 'attribute_not_exists(pk)' }))]),
  };
  for (const [name, f] of Object.entries(cases)) {
    const xs: number[] = [];
    for (let i = 0; i < 60; i++) { const s = performance.now(); await f(); if (i >= 10) xs.push(performance.now() - s); }
    console.log(name.padEnd(12), median(xs).toFixed(2));
  }
} finally { await cloud.stop(); }
process.exit(0);
