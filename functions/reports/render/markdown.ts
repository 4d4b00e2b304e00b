// Markdown reduced to typed text blocks for drawing: headings, paragraphs, list items, code lines,
// rules. HTML never passes through (tags are dropped, not rendered), so a dashboard's markdown can
// not inject markup into a report.

export type MarkdownBlock =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'item'; text: string; marker: string }
  | { kind: 'code'; text: string }
  | { kind: 'rule' };

/** Inline markdown to plain text: links keep their label, emphasis and code marks go, tags go. */
export function inlineText(text: string): string {
  return text
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(\*|_)(.+?)\1/g, '$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim();
}

export function parseMarkdown(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] = [];
  let inCode = false;
  const flush = () => {
    const text = inlineText(paragraph.join(' '));
    if (text) blocks.push({ kind: 'paragraph', text });
    paragraph = [];
  };
  const withoutTags = source.replace(/<(script|style)[\s\S]*?<\/\1>/gi, '');
  for (const raw of withoutTags.split(/\r?\n/)) {
    if (/^\s*```/.test(raw)) {
      flush();
      inCode = !inCode;
      continue;
    }
    if (inCode) {
      blocks.push({ kind: 'code', text: raw });
      continue;
    }
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const item = /^([-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (!line) flush();
    else if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: Math.min(3, heading[1].length) as 1 | 2 | 3, text: inlineText(heading[2]) });
    } else if (/^([-*_])(\s*\1){2,}$/.test(line)) {
      flush();
      blocks.push({ kind: 'rule' });
    } else if (item) {
      flush();
      blocks.push({ kind: 'item', marker: /\d/.test(item[1]) ? item[1] : '•', text: inlineText(item[2]) });
    } else paragraph.push(line.replace(/^>\s?/, ''));
  }
  flush();
  return blocks;
}
