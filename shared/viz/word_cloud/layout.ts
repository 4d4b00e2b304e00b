// Word placement without a DOM (ECharts core has no word cloud series): words from largest to smallest
// walk an Archimedean spiral out from the center until their box overlaps no placed word. Text boxes are
// estimated from the font size (0.6 em per character), so the same layout comes out in the browser and
// in the report renderer.
import type { Rotation } from './types';

export interface Word {
  text: string;
  size: number;
}
export interface PlacedWord extends Word {
  x: number;
  y: number;
  rotate: 0 | 90;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const MAX_WORDS = 1000;
const MAX_MISSES = 25;

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  return Math.abs(h);
}

function rotationOf(text: string, rotation: Rotation): 0 | 90 {
  if (rotation === 'flat') return 0;
  // 'random' turns a third of the words, 'square' half of them; stable per word.
  return hash(text) % (rotation === 'random' ? 3 : 2) === 1 ? 90 : 0;
}

const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && a.x1 > b.x0 && a.y0 < b.y1 && a.y1 > b.y0;

/** Scale steps tried when the words do not all fit (Superset's cloud shrinks until its top words fit). */
const FIT_STEPS = 8;
const FIT_SHRINK = 0.85;

/**
 * Every word placed when they fit at some scale down to FIT_SHRINK^FIT_STEPS of the asked sizes (the
 * largest scale that fits them all); past that, as many as fit at the smallest scale.
 */
export function layoutWords(words: Word[], width: number, height: number, rotation: Rotation): PlacedWord[] {
  const wanted = Math.min(words.length, MAX_WORDS);
  let placed: PlacedWord[] = [];
  for (let step = 0, scale = 1; step <= FIT_STEPS; step += 1, scale *= FIT_SHRINK) {
    placed = placeWords(words.map((w) => ({ ...w, size: w.size * scale })), width, height, rotation);
    if (placed.length >= wanted) break;
  }
  return placed;
}

function placeWords(words: Word[], width: number, height: number, rotation: Rotation): PlacedWord[] {
  const placed: PlacedWord[] = [];
  const boxes: Box[] = [];
  const aspect = width / Math.max(1, height);
  let misses = 0;
  for (const word of [...words].sort((a, b) => b.size - a.size).slice(0, MAX_WORDS)) {
    if (misses >= MAX_MISSES) break;
    const rotate = rotationOf(word.text, rotation);
    const w = Math.max(1, word.text.length) * word.size * 0.6 + 2;
    const h = word.size + 2;
    const [bw, bh] = rotate ? [h, w] : [w, h];
    let done = false;
    for (let t = 0; t < 600 && !done; t += 0.35) {
      const x = width / 2 + aspect * 2 * t * Math.cos(t);
      const y = height / 2 + 2 * t * Math.sin(t);
      const box = { x0: x - bw / 2, y0: y - bh / 2, x1: x + bw / 2, y1: y + bh / 2 };
      if (box.x0 < 0 || box.y0 < 0 || box.x1 > width || box.y1 > height) continue;
      if (boxes.some((b) => overlaps(b, box))) continue;
      boxes.push(box);
      placed.push({ ...word, x, y, rotate });
      done = true;
    }
    misses = done ? 0 : misses + 1;
  }
  return placed;
}
