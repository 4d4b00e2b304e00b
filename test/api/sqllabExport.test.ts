// GET /api/v1/sqllab/export/{client_id}/: the full result of a query as CSV (Superset's export) and
// XLSX, from the server: 100,000 rows streamed and gzipped, and a file too large for a function's
// answer handed out as a presigned results-bucket link.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCloud, type LocalCloud } from '../support/localCloud';
import { client, newClientId } from './sqllabHelpers';

describe('SQL Lab export', () => {
  let cloud: LocalCloud;
  let admin: string;
  let gamma: string;
  const { call, execute } = client(() => cloud);

  beforeAll(async () => {
    cloud = await startLocalCloud();
    [admin, gamma] = await Promise.all([cloud.login('admin', 'admin'), cloud.login('gamma', 'gamma')]);
  });

  afterAll(async () => {
    await cloud?.stop();
  });

  const download = (clientId: string, token: string, init: { format?: string; encoding?: string } = {}) =>
    fetch(`${cloud.url}/api/v1/sqllab/export/${clientId}/${init.format ? `?format=${init.format}` : ''}`, {
      headers: { authorization: `Bearer ${token}`, ...(init.encoding ? { 'accept-encoding': init.encoding } : {}) },
    });

  async function run(token: string, sql: string, queryLimit = 1000) {
    const clientId = newClientId('x');
    const res = await execute(token, { database_id: 1, sql, client_id: clientId, queryLimit });
    expect(res.status).toBe(200);
    return clientId;
  }

  it('exports every row of the result as CSV, named as Superset names it', async () => {
    const clientId = await run(gamma, 'SELECT "Name", "Horsepower" FROM cars ORDER BY "Name"');
    const res = await download(clientId, gamma);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="sqllab_${clientId}_\\d{8}_\\d{6}\\.csv"$`));
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name,Horsepower');
    expect(lines).toHaveLength(407);
    expect(lines.some((l) => /^"?[^,]+"?,$/.test(l) || /,\d+$/.test(l))).toBe(true);
  });

  it('exports the same rows as XLSX', async () => {
    const clientId = await run(gamma, 'SELECT "Name", "Horsepower" FROM cars ORDER BY "Name"');
    const res = await download(clientId, gamma, { format: 'xlsx' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(407);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'Horsepower']);
    const hp = sheet.getColumn(2).values.slice(2).filter((v) => v !== null && v !== undefined);
    expect(hp.every((v) => typeof v === 'number')).toBe(true);
  });

  it('streams 100,000 rows gzipped within one answer', async () => {
    const clientId = await run(gamma, "SELECT range AS n, 'row ' || range AS label FROM range(100000)", 100000);
    const res = await download(clientId, gamma, { encoding: 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(100_001);
    expect(lines[100_000]).toBe('99999,row 99999');
  });

  it('answers a presigned results-bucket link when the file is larger than a function may return', async () => {
    const clientId = await run(gamma, "SELECT range AS n, 'a fairly long label to make the file large ' || range AS label FROM range(100000)", 100000);
    const res = await download(clientId, gamma, { encoding: 'identity' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result_url: string; file_name: string; expires_in: number };
    expect(body.file_name).toMatch(new RegExp(`^sqllab_${clientId}_\\d{8}_\\d{6}\\.csv$`));
    expect(body.expires_in).toBeGreaterThan(0);
    const file = await fetch(body.result_url);
    expect(file.status).toBe(200);
    const lines = (await file.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(100_001);
    expect(lines[1]).toBe('0,a fairly long label to make the file large 0');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${body.file_name}"`);
    const url = new URL(body.result_url);
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(body.expires_in));
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it("answers 404 for an unknown query and another user's, 401 without a token", async () => {
    const clientId = await run(admin, 'SELECT 1 AS one');
    expect((await download(clientId, admin)).status).toBe(200);
    const other = await download(clientId, gamma);
    expect(other.status).toBe(404);
    expect(((await other.json()) as { errors: { error_type: string }[] }).errors[0].error_type).toBe('OBJECT_DOES_NOT_EXIST_ERROR');
    expect((await download('nope123', gamma)).status).toBe(404);
    expect((await fetch(`${cloud.url}/api/v1/sqllab/export/${clientId}/`)).status).toBe(401);
    expect((await call(`/api/v1/sqllab/export/${clientId}/?format=pdf`, { token: admin })).status).toBe(400);
  });

  it('runs a CTAS query\'s SELECT again to export it, as Superset does', async () => {
    const created = await call('/api/v1/database/', {
      method: 'POST',
      token: admin,
      json: { database_name: 'export scratch', sqlalchemy_uri: `duckdb:///${cloud.dataDir}/export.duckdb`, expose_in_sqllab: true, allow_ctas: true },
    });
    expect(created.status).toBe(201);
    const clientId = newClientId('x');
    const res = await execute(admin, { database_id: created.body.id, sql: 'SELECT 7 AS seven UNION ALL SELECT 8', client_id: clientId, select_as_cta: true, tmp_table_name: 'exported' });
    expect(res.status).toBe(200);
    const csv = await (await download(clientId, admin)).text();
    expect(csv.trimEnd().split('\r\n').sort()).toEqual(['7', '8', 'seven']);
  });
});
