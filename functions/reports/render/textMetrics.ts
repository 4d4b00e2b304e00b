// Text width estimates from DejaVu Sans advance widths (in em), close enough to truncate cells and
// wrap paragraphs without loading a text shaper.

const NARROW = new Set("il.,:;'|!Ijft()[]`");
const WIDE = new Set('mwMW@%');

function charEm(ch: string, bold: boolean): number {
  let em: number;
  if (ch === ' ') em = 0.318;
  else if (NARROW.has(ch)) em = 0.3;
  else if (WIDE.has(ch)) em = 0.9;
  else if (ch >= '0' && ch <= '9') em = 0.636;
  else if (ch >= 'A' && ch <= 'Z') em = 0.7;
  else if (ch.charCodeAt(0) > 0x2e80) em = 1;
  else em = 0.6;
  return bold ? em * 1.1 : em;
}

export function textWidth(text: string, fontSize: number, bold = false): number {
  let em = 0;
  for (const ch of text) em += charEm(ch, bold);
  return em * fontSize;
}

/** The text cut to fit `maxWidth`, ending in an ellipsis when cut. */
export function truncate(text: string, maxWidth: number, fontSize: number, bold = false): string {
  if (textWidth(text, fontSize, bold) <= maxWidth) return text;
  const ellipsis = '…';
  const room = maxWidth - textWidth(ellipsis, fontSize, bold);
  let out = '';
  let width = 0;
  for (const ch of text) {
    width += charEm(ch, bold) * fontSize;
    if (width > room) break;
    out += ch;
  }
  return out + ellipsis;
}

/** Greedy word wrap; words longer than a line are truncated. */
export function wrap(text: string, maxWidth: number, fontSize: number, bold = false): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, fontSize, bold) <= maxWidth) line = candidate;
    else {
      if (line) lines.push(line);
      line = truncate(word, maxWidth, fontSize, bold);
    }
  }
  if (line) lines.push(line);
  return lines;
}
