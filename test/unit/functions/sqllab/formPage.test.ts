import { describe, expect, it } from 'vitest';
import { postedQueryPage, readPostedQuery } from '../../../../functions/sqllab/formPage';
import { SupersetError } from '../../../../shared/errors';

describe('a query posted to /sqllab/ as a form', () => {
  it('reads the fields or the form_data JSON text', () => {
    expect(readPostedQuery({ sql: 'select 1', datasourceKey: '3__table' })).toEqual({ sql: 'select 1', datasourceKey: '3__table' });
    expect(readPostedQuery({ form_data: '{"sql":"select 2"}' })).toEqual({ sql: 'select 2', datasourceKey: undefined });
  });

  it('refuses a form without SQL or with broken form_data', () => {
    expect(() => readPostedQuery({})).toThrow(SupersetError);
    expect(() => readPostedQuery({ form_data: '{' })).toThrow(/form_data/);
  });

  it('embeds the query so no text can close the script element', () => {
    const html = postedQueryPage({ sql: "select '</script><script>alert(1)</script>' -- \u2028" });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const literal = /localStorage\.setItem\("sqlscape\.sqllab\.request\." \+ key, (".*")\);/.exec(html)?.[1];
    expect(JSON.parse(JSON.parse(literal!)).sql).toBe("select '</script><script>alert(1)</script>' -- \u2028");
  });
});
