// Locators and actions on the SQL Lab page shared by its end-to-end suites.
import type { Page } from 'playwright-core';

export const editorOf = (page: Page) => page.locator('.cm-content');
export const resultGridOf = (page: Page) => page.getByRole('grid', { name: 'Query results' });

/** Replaces the editor's text by typing, as a user would (keeps autocomplete and key handling real). */
export async function typeSqlInto(page: Page, sql: string) {
  await editorOf(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type(sql);
  await page.keyboard.press('Escape'); // close any completion popup
}
