// A small PNG reader for tests: IHDR size, IDAT inflated with node:zlib and unfiltered, pixels counted.
import { inflateSync } from 'node:zlib';

export interface DecodedPng {
  width: number;
  height: number;
  channels: number;
  pixels: Buffer;
}

export function decodePng(png: Buffer): DecodedPng {
  if (png.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('not a PNG');
  let offset = 8;
  let width = 0, height = 0, bitDepth = 0, colorType = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      bitDepth = data[8];
      colorType = data[9];
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[colorType as 0 | 2 | 4 | 6];
  if (bitDepth !== 8 || !channels) throw new Error(`unsupported PNG: depth ${bitDepth}, color type ${colorType}`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[y * stride + x - channels] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      let v = line[x];
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      pixels[y * stride + x] = v & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

/** Pixels that are not (near) white and not transparent, optionally within a rectangle. */
export function countInkPixels(img: DecodedPng, rect = { x: 0, y: 0, width: img.width, height: img.height }): number {
  let n = 0;
  for (let y = rect.y; y < Math.min(img.height, rect.y + rect.height); y++) {
    for (let x = rect.x; x < Math.min(img.width, rect.x + rect.width); x++) {
      const i = (y * img.width + x) * img.channels;
      const alpha = img.channels === 4 ? img.pixels[i + 3] : 255;
      const rgb = img.channels >= 3 ? [img.pixels[i], img.pixels[i + 1], img.pixels[i + 2]] : [img.pixels[i], img.pixels[i], img.pixels[i]];
      if (alpha > 16 && rgb.some((v) => v < 240)) n++;
    }
  }
  return n;
}

/** The colour at a pixel as [r, g, b]. */
export function pixelAt(img: DecodedPng, x: number, y: number): number[] {
  const i = (y * img.width + x) * img.channels;
  return img.channels >= 3 ? [img.pixels[i], img.pixels[i + 1], img.pixels[i + 2]] : [img.pixels[i], img.pixels[i], img.pixels[i]];
}
