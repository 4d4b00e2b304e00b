// A small PDF reader for tests: objects, inflated streams, page count, the Info title and the text
// drawn with embedded fonts (glyph ids mapped back through each font's ToUnicode CMap).
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function objects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const out = new Map<number, PdfObject>();
  const re = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const body = m[2];
    const s = body.indexOf('stream');
    if (s < 0) {
      out.set(Number(m[1]), { dict: body });
      continue;
    }
    const start = m.index + m[0].indexOf(body) + s + 'stream'.length + (body[s + 6] === '\r' ? 2 : 1);
    const lengthMatch = /\/Length (\d+)/.exec(body.slice(0, s));
    const raw = pdf.subarray(start, start + Number(lengthMatch?.[1] ?? 0));
    out.set(Number(m[1]), { dict: body.slice(0, s), stream: /\/FlateDecode/.test(body.slice(0, s)) ? inflateSync(raw) : raw });
  }
  return out;
}

export function pdfPageCount(pdf: Buffer): number {
  return [...objects(pdf).values()].filter((o) => /\/Type \/Page\b(?!s)/.test(o.dict)).length;
}

export function pdfInfoTitle(pdf: Buffer): string | undefined {
  const objs = objects(pdf);
  const trailer = pdf.toString('latin1');
  const info = /\/Info (\d+) 0 R/.exec(trailer);
  const dict = info ? objs.get(Number(info[1]))?.dict ?? '' : '';
  const ref = /\/Title (\d+) 0 R/.exec(dict);
  const raw = ref ? objs.get(Number(ref[1]))?.dict ?? '' : /\/Title\s*(\([^)]*\))/.exec(dict)?.[1] ?? '';
  return /\(([\s\S]*)\)/.exec(raw)?.[1];
}

function parseCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const hex = (h: string) => parseInt(h, 16);
  const uni = (h: string) => String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map(hex));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1].matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(\[[^\]]*\]|<[0-9a-f]+>)/gi)) {
      const [lo, hi] = [hex(m[1]), hex(m[2])];
      if (m[3].startsWith('[')) [...m[3].matchAll(/<([0-9a-f]+)>/gi)].forEach((u, i) => map.set(lo + i, uni(u[1])));
      else for (let g = lo; g <= hi; g++) map.set(g, String.fromCodePoint(hex(m[3].slice(1, -1)) + g - lo));
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1].matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>/gi)) map.set(hex(m[1]), uni(m[2]));
  }
  return map;
}

/** All text drawn on all pages, in drawing order. */
export function pdfText(pdf: Buffer): string {
  const objs = objects(pdf);
  const cmaps = new Map<string, Map<number, string>>();
  let out = '';
  for (const obj of objs.values()) {
    if (!/\/Type \/Page\b(?!s)/.test(obj.dict)) continue;
    const resources = /\/Resources (\d+) 0 R/.exec(obj.dict);
    const resDict = resources ? objs.get(Number(resources[1]))?.dict ?? '' : obj.dict;
    const fontBlock = /\/Font <<([\s\S]*?)>>/.exec(resDict)?.[1] ?? '';
    for (const f of fontBlock.matchAll(/\/(\w+) (\d+) 0 R/g)) {
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objs.get(Number(f[2]))?.dict ?? '');
      const stream = toUnicode ? objs.get(Number(toUnicode[1]))?.stream : undefined;
      cmaps.set(f[1], stream ? parseCmap(stream.toString('latin1')) : new Map());
    }
    const contents = /\/Contents (\d+) 0 R/.exec(obj.dict);
    const content = contents ? objs.get(Number(contents[1]))?.stream?.toString('latin1') ?? '' : '';
    let cmap = new Map<number, string>();
    for (const m of content.matchAll(/\/(\w+) [\d.]+ Tf|(<[0-9a-f]*>|\[[^\]]*\])\s*T[jJ]/gi)) {
      if (m[1]) cmap = cmaps.get(m[1]) ?? new Map();
      else for (const h of m[2].matchAll(/<([0-9a-f]*)>/gi)) for (const g of h[1].match(/.{4}/g) ?? []) out += cmap.get(parseInt(g, 16)) ?? '';
    }
  }
  return out;
}
