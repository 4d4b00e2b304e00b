import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../../../functions/reports/render/markdown';
import { markdownToSvg } from '../../../../../functions/reports/render/markdownSvg';

describe('parseMarkdown', () => {
  it('reads headings, paragraphs, list items, code and rules as plain text blocks', () => {
    const blocks = parseMarkdown('# Title\n\nSome **bold** and [a link](https://x.test)\nwrapped.\n\n- one\n2. two\n\n---\n```\nselect 1\n```');
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Title' },
      { kind: 'paragraph', text: 'Some bold and a link wrapped.' },
      { kind: 'item', marker: '•', text: 'one' },
      { kind: 'item', marker: '2.', text: 'two' },
      { kind: 'rule' },
      { kind: 'code', text: 'select 1' },
    ]);
  });

  it('drops HTML, scripts included, so markup never reaches the report', () => {
    const blocks = parseMarkdown('<script>alert(1)</script><b>Hi</b> <img src=x onerror=alert(2)>there');
    expect(blocks).toEqual([{ kind: 'paragraph', text: 'Hi there' }]);
    const svg = markdownToSvg('<svg onload="x()">a & b < c</svg>', 300, 100);
    expect(svg).not.toContain('onload');
    expect(svg).toContain('a &amp; b &lt; c');
  });
});
