// Every row of a paged list call: pages of `pageSize` are asked for in turn until the count the
// server gives is reached (or a page comes back short, so a list that shrinks meanwhile still ends).
import type { ListPage } from './types';

export async function allPages<Row>(fetchPage: (page: number, pageSize: number) => Promise<ListPage<Row>>, pageSize = 100): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 0; ; page += 1) {
    const answer = await fetchPage(page, pageSize);
    rows.push(...answer.result);
    if (answer.result.length < pageSize || rows.length >= answer.count) return rows;
  }
}
