// The five admin list pages (annotation layers, tags, row level security, users, roles) share their
// row actions (useRowActions + ConfirmRowsDelete): on each, a row's Delete asks first, Cancel keeps
// the row, Delete removes it on the server and from the list with a toast; a bulk delete of two
// annotation layers asks once for both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from './support/browser';
import { startE2eStack } from './support/stack';
import type { LocalCloud } from '../support/localCloud';
import { e2eSession, type Json } from './support/session';

let cloud: LocalCloud;
let browser: TestBrowser;
let token: string;
const { apiOk, signedIn } = e2eSession(() => ({ cloud, token, browser }));

const names = async (listPath: string, field: string) => ((await apiOk(`${listPath}?q=(page_size:100)`)).result as Json[]).map((r) => r[field] as string);

beforeAll(async () => {
  cloud = await startE2eStack();
  token = await cloud.login('admin', 'admin');
  browser = await launchBrowser({ viewport: { width: 1440, height: 1000 } });
  const gamma = ((await apiOk('/api/v1/security/roles/?q=(page_size:100)')).result as Json[]).find((r) => r.name === 'Gamma')!.id as number;
  const cars = (await apiOk('/api/v1/dataset/get_or_create/', { method: 'POST', json: { database_id: 1, table_name: 'cars', schema: 'main' } })).result.table_id as number;
  for (const name of ['Layer kept', 'Layer gone', 'Layer bulk 1', 'Layer bulk 2']) await apiOk('/api/v1/annotation_layer/', { method: 'POST', json: { name } });
  await apiOk('/api/v1/tag/', { method: 'POST', json: { name: 'tag-gone' } });
  await apiOk('/api/v1/rowlevelsecurity/', { method: 'POST', json: { name: 'Rule gone', filter_type: 'Regular', tables: [cars], roles: [gamma], clause: "Origin = 'Japan'" } });
  await apiOk('/api/v1/security/users/', { method: 'POST', json: { first_name: 'Gone', last_name: 'User', username: 'gone_user', email: 'gone@example.com', password: 'gone-pass', roles: [gamma] } });
  await apiOk('/api/v1/security/roles/', { method: 'POST', json: { name: 'Role gone' } });
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

/** Clicks a row's Delete, checks the confirmation names it, then cancels or confirms. */
async function deleteRow(page: Page, button: string, dialogTitle: string, text: string, confirm: boolean) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  await dialog.getByText(text).waitFor();
  await dialog.getByRole('button', { name: confirm ? 'Delete' : 'Cancel', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('admin list pages: delete with confirmation', () => {
  it('annotation layers: cancel keeps the row, delete removes it, a bulk delete asks once for two', async () => {
    const page = await signedIn();
    await page.goto(`${cloud.url}/annotationlayer/list/`);
    await page.getByRole('button', { name: 'Delete annotation layer Layer gone' }).waitFor();
    await deleteRow(page, 'Delete annotation layer Layer gone', 'Delete annotation layer?', 'The annotation layer Layer gone will be deleted.', false);
    expect(await names('/api/v1/annotation_layer/', 'name')).toContain('Layer gone');
    await deleteRow(page, 'Delete annotation layer Layer gone', 'Delete annotation layer?', 'The annotation layer Layer gone will be deleted.', true);
    await page.getByText('Deleted: Layer gone').waitFor();
    await page.getByRole('button', { name: 'Delete annotation layer Layer gone' }).waitFor({ state: 'detached' });
    expect(await names('/api/v1/annotation_layer/', 'name')).not.toContain('Layer gone');

    await page.getByRole('button', { name: 'Bulk select' }).click();
    for (const name of ['Layer bulk 1', 'Layer bulk 2']) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete annotation layer?' });
    await dialog.getByText('2 annotation layers will be deleted.').waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Deleted 2 annotation layers').waitFor();
    expect(await names('/api/v1/annotation_layer/', 'name')).toEqual(['Layer kept']);
    await page.close();
  });

  it('tags, row level security rules, users and roles: each asks, then deletes', async () => {
    const page = await signedIn();
    const cases = [
      ['/superset/tags/', 'Delete tag tag-gone', 'Delete tag?', 'The tag tag-gone will be removed from everything carrying it.', 'Deleted: tag-gone', '/api/v1/tag/', 'name', 'tag-gone'],
      ['/rowlevelsecurity/list/', 'Delete rule Rule gone', 'Delete rule?', 'The rule Rule gone will be deleted.', 'Deleted: Rule gone', '/api/v1/rowlevelsecurity/', 'name', 'Rule gone'],
      ['/users/list/', 'Delete user gone_user', 'Delete user?', 'The user gone_user will be deleted.', 'Deleted: gone_user', '/api/v1/security/users/', 'username', 'gone_user'],
      ['/roles/list/', 'Delete role Role gone', 'Delete role?', 'The role Role gone will be deleted.', 'Deleted: Role gone', '/api/v1/security/roles/', 'name', 'Role gone'],
    ] as const;
    for (const [path, button, title, text, toast, listPath, field, name] of cases) {
      await page.goto(`${cloud.url}${path}`);
      await page.getByRole('button', { name: button, exact: true }).waitFor();
      await deleteRow(page, button, title, text, false);
      expect(await names(listPath, field), path).toContain(name);
      await deleteRow(page, button, title, text, true);
      await page.getByText(toast).waitFor();
      await page.getByRole('button', { name: button, exact: true }).waitFor({ state: 'detached' });
      expect(await names(listPath, field), path).not.toContain(name);
    }
    await page.close();
  });
});
