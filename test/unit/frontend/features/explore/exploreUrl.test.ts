// Explore addresses (spec §2 "Explore pages: /explore/ and the legacy ..."; URL parameters: slice id,
// viz type): what GET /api/v1/explore/ is asked for, and what an old bookmark's form data lays over it.
import { describe, expect, it } from 'vitest';
import { exploreQueryFromUrl, legacyFormDataOverrides, requestedVizType } from '../../../../../frontend/src/features/explore/actions/exploreUrl';

const fd = (o: unknown) => `?form_data=${encodeURIComponent(JSON.stringify(o))}`;

describe('Explore pages: /explore/ and the legacy /superset/explore/ forms', () => {
  it('the current parameters pass through', () => {
    expect(exploreQueryFromUrl('?slice_id=7')).toEqual({ slice_id: '7' });
    expect(exploreQueryFromUrl('?datasource_type=table&datasource_id=3&viz_type=pie')).toEqual({ datasource_id: '3', datasource_type: 'table' });
    expect(exploreQueryFromUrl('?form_data_key=abc&slice_id=7')).toEqual({ form_data_key: 'abc', slice_id: '7' });
  });
  it("a permalink's own path /superset/explore/p/{key}/", () => {
    expect(exploreQueryFromUrl('', '/superset/explore/p/xY9_k/')).toEqual({ permalink_key: 'xY9_k' });
  });
  it('legacy ?form_data={"slice_id":N} opens the saved chart', () => {
    expect(exploreQueryFromUrl(fd({ slice_id: 12 }), '/superset/explore/')).toEqual({ slice_id: '12' });
  });
  it('legacy ?form_data={"datasource":"3__table",...} opens the dataset; a slice id in it wins', () => {
    expect(exploreQueryFromUrl(fd({ datasource: '3__table', viz_type: 'pie' }))).toEqual({ datasource_id: '3', datasource_type: 'table' });
    expect(exploreQueryFromUrl(fd({ datasource: '5__query' }))).toEqual({ datasource_id: '5', datasource_type: 'query' });
    expect(exploreQueryFromUrl(fd({ datasource: '3__table', slice_id: 9 }))).toEqual({ slice_id: '9' });
  });
  it('form_data that is not a JSON object is ignored', () => {
    expect(exploreQueryFromUrl('?form_data=not-json&slice_id=4')).toEqual({ slice_id: '4' });
    expect(exploreQueryFromUrl(`?form_data=${encodeURIComponent('[1,2]')}`)).toEqual({});
    expect(legacyFormDataOverrides('?form_data=%7B')).toBeNull();
  });
});

describe("a legacy bookmark's form data is laid over the opened chart", () => {
  it('every key but the ones that chose what to open', () => {
    expect(legacyFormDataOverrides(fd({ datasource: '3__table', slice_id: 2, viz_type: 'pie', metric: 'count', groupby: ['origin'] }))).toEqual({ viz_type: 'pie', metric: 'count', groupby: ['origin'] });
    expect(legacyFormDataOverrides(fd({ slice_id: 2 }))).toBeNull();
    expect(legacyFormDataOverrides('?slice_id=2')).toBeNull();
  });
});

describe('viz type: ?viz_type=, else the legacy form data', () => {
  it('the parameter wins', () => {
    expect(requestedVizType('?viz_type=echarts_area')).toBe('echarts_area');
    expect(requestedVizType(`${fd({ viz_type: 'pie' })}&viz_type=funnel`)).toBe('funnel');
    expect(requestedVizType(fd({ viz_type: 'pie' }))).toBe('pie');
    expect(requestedVizType('?slice_id=1')).toBeNull();
  });
});
