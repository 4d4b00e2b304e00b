// word_cloud: words sized by the metric and laid out without overlaps inside the chart.
import { describe, expect, it } from 'vitest';
import { plugin } from '../../../../../shared/viz/word_cloud/index';
import { layoutWords } from '../../../../../shared/viz/word_cloud/layout';
import { COUNT, categoryRows } from '../fixtures';
import { renderSvg } from '../render';

const fd = { viz_type: 'word_cloud', datasource: '1__table', series: 'Name', metric: COUNT, size_from: 10, size_to: 40, rotation: 'flat' };

describe('word_cloud', () => {
  it('buildQuery: the metric by the word column, sorted by the metric', () => {
    expect(plugin.buildQuery(fd).queries[0]).toMatchObject({ columns: ['Name'], metrics: [COUNT], orderby: [[COUNT, false]] });
  });
  it('layout: no two word boxes overlap and all stay inside', () => {
    const words = Array.from({ length: 60 }, (_, i) => ({ text: `word${i}`, size: 10 + (i % 5) * 6 }));
    const placed = layoutWords(words, 600, 400, 'square');
    expect(placed.length).toBeGreaterThan(20);
    const box = (w: (typeof placed)[0]) => {
      const [bw, bh] = w.rotate ? [w.size + 2, w.text.length * w.size * 0.6 + 2] : [w.text.length * w.size * 0.6 + 2, w.size + 2];
      return { x0: w.x - bw / 2, x1: w.x + bw / 2, y0: w.y - bh / 2, y1: w.y + bh / 2 };
    };
    for (const [i, a] of placed.entries()) {
      const A = box(a);
      expect(A.x0 >= 0 && A.y0 >= 0 && A.x1 <= 600 && A.y1 <= 400).toBe(true);
      for (const b of placed.slice(i + 1)) {
        const B = box(b);
        expect(A.x0 < B.x1 && A.x1 > B.x0 && A.y0 < B.y1 && A.y1 > B.y0).toBe(false);
      }
    }
  });
  it('font sizes run from size_from to size_to; the words are drawn as SVG text', () => {
    const props = plugin.transformProps({ formData: fd, queriesData: [categoryRows(20, ['Name'], 'count')], width: 600, height: 400 });
    const data = (props.option.series as { data: { name: string; label: { fontSize: number } }[] }[])[0].data;
    const sizes = data.map((d) => d.label.fontSize);
    expect(Math.max(...sizes)).toBe(40);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(10);
    expect(renderSvg(props.option, 600, 400).svg).toContain(data[0].name);
  });
  it('draws every word visibly: 13 genres with large sizes all fit, and no word is transparent', () => {
    const genres = ['Action', 'Adventure', 'Comedy', 'Drama', 'Thriller/Suspense', 'Horror', 'Romantic Comedy', 'Musical', 'Documentary', 'Black Comedy', 'Western', 'Concert/Performance', 'Multiple Genres'];
    const rows = { data: genres.map((g, i) => ({ genre: g, gross: (i + 1) * 3.3e9 })), colnames: ['genre', 'gross'], coltypes: [1, 0] };
    const props = plugin.transformProps({ formData: { ...fd, series: 'genre', metric: 'gross', size_from: 10, size_to: 70, rotation: 'square' }, queriesData: [rows as never], width: 600, height: 400 });
    const { svg } = renderSvg(props.option, 600, 400);
    const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)];
    expect(texts.map((t) => t[1].replace('&amp;', '&')).sort()).toEqual([...genres].sort());
    for (const [tag] of texts) expect(tag).not.toMatch(/fill-opacity="0"/);
  });
});
