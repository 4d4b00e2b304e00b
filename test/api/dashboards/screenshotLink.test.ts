// Download as image / PDF for a file too large for a function's answer (6 MB; lowered here through
// SCREENSHOT_INLINE_MAX_BYTES so a small dashboard is "large"): the file is put in the results bucket
// under the user's prefix and answered as a short-lived presigned link, which the local S3 stand-in
// serves; the PNG decodes, the PDF starts with its header, another user cannot have the file drawn
// from the key or read it, and an expired link is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../functions/platform/users';
import { layoutOfCharts, toPositionJson } from '../../../shared/dashboard/layout/index';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { decodePng, countInkPixels } from '../../support/pngDecode';
import { client } from '../sqllabHelpers';

let cloud: LocalCloud;
let admin: string;
let alpha: string;
let board: number;
let adminId: number;
const { call } = client(() => cloud);
const INLINE_MAX = 2_000;

interface Link {
  result_url: string;
  file_name: string;
  expires_in: number;
}

const screenshot = async (token: string, key: string, format: 'png' | 'pdf') => {
  const res = await fetch(`${cloud.url}/api/v1/dashboard/${board}/screenshot/${key}/?download_format=${format}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: Buffer.from(await res.arrayBuffer()) };
};

const keepView = async (token: string) => {
  const made = await call(`/api/v1/dashboard/${board}/cache_dashboard_screenshot/`, { method: 'POST', token, json: { dataMask: {}, activeTabs: [] } });
  expect(made.status, JSON.stringify(made.body)).toBe(202);
  return made.body.cache_key as string;
};

const linkOf = (answer: { status: number; type: string; body: Buffer }): Link => {
  expect(answer.status, answer.body.toString('utf8').slice(0, 400)).toBe(200);
  expect(answer.type).toMatch(/^application\/json/);
  return JSON.parse(answer.body.toString('utf8')) as Link;
};

beforeAll(async () => {
  cloud = await startLocalCloud({ env: { SCREENSHOT_INLINE_MAX_BYTES: String(INLINE_MAX) } });
  admin = await cloud.login('admin', 'admin');
  await createUser(cloud.stack.ports, { username: 'alpha', password: 'alpha-pass', roles: ['Alpha'] });
  alpha = await cloud.login('alpha', 'alpha-pass');
  adminId = (await call('/api/v1/me/', { token: admin })).body.result.id;
  const dataset = (await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: 'cars', schema: 'main' } })).body.result.table_id;
  const params = JSON.stringify({ query_mode: 'aggregate', groupby: ['Origin'], metrics: ['count'], row_limit: 100 });
  const chart = (await call('/api/v1/chart/', { method: 'POST', token: admin, json: { slice_name: 'Cars by origin', viz_type: 'table', datasource_id: dataset, datasource_type: 'table', params } })).body.id;
  let n = 0;
  const position = JSON.stringify(toPositionJson(layoutOfCharts([{ id: chart, name: 'Cars by origin' }], () => `S${++n}`)));
  board = (await call('/api/v1/dashboard/', { method: 'POST', token: admin, json: { dashboard_title: 'Large board', position_json: position, published: true } })).body.id;
});
afterAll(() => cloud?.stop());

describe('dashboard download larger than a function may answer', () => {
  it('answers a presigned link under the user\'s prefix; the PNG it serves decodes', async () => {
    const link = linkOf(await screenshot(admin, await keepView(admin), 'png'));
    expect(link.file_name).toBe('Large_board.png');
    expect(link.expires_in).toBe(300);
    const url = new URL(link.result_url);
    expect(url.pathname).toMatch(new RegExp(`/screenshots/${adminId}/${board}/[^/]+/Large_board\\.png$`));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);

    const file = await fetch(link.result_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Large_board.png"');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(INLINE_MAX);
    const png = decodePng(bytes);
    expect(png.width).toBeGreaterThan(400);
    expect(png.height).toBeGreaterThan(100);
    // Drawn, not blank: the title and the table put ink on the page.
    expect(countInkPixels(png)).toBeGreaterThan(1_000);
  });

  it('serves the PDF the same way', async () => {
    const link = linkOf(await screenshot(admin, await keepView(admin), 'pdf'));
    expect(link.file_name).toBe('Large_board.pdf');
    const file = await fetch(link.result_url);
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(INLINE_MAX);
  });

  it("another user cannot have the view drawn from someone else's key (404), though the dashboard is readable", async () => {
    const key = await keepView(admin);
    const other = await screenshot(alpha, key, 'png');
    expect(other.status).toBe(404);
    expect(JSON.parse(other.body.toString('utf8')).errors[0].error_type).toBe('OBJECT_DOES_NOT_EXIST_ERROR');
    // Its own view of the same dashboard is its own file, under its own prefix.
    const own = linkOf(await screenshot(alpha, await keepView(alpha), 'png'));
    expect(new URL(own.result_url).pathname).not.toContain(`/screenshots/${adminId}/`);
    expect((await fetch(own.result_url)).status).toBe(200);
  });

  it('refuses a link once it has expired', async () => {
    const link = linkOf(await screenshot(admin, await keepView(admin), 'png'));
    const url = new URL(link.result_url);
    // Signed six minutes ago: past its 300 seconds.
    const past = new Date(Date.now() - 360_000).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    url.searchParams.set('X-Amz-Date', past);
    expect((await fetch(url)).status).toBe(403);
  });
});
