import { gzipSync, brotliCompressSync, constants as c } from 'node:zlib';
const rows = Array.from({ length: 100_000 }, (_, i) => ({ date: `2001-01-${String(1 + (i % 28)).padStart(2, '0')}T0${i % 10}:${String(i % 60).padStart(2, '0')}:00`, delay: (i * 7919) % 180 - 20, distance: 300 + ((i * 31) % 2000), origin: ['SFO','LAX','JFK','ORD'][i%4], destination: ['SEA','BOS','ATL','DEN','DFW'][i%5] }));
const s = Buffer.from(JSON.stringify(rows));
const t = (name: string, f: () => Buffer) => { let best = 1e9, len = 0; for (let i = 0; i < 5; i++) { const a = performance.now(); len = f().length; best = Math.min(best, performance.now() - a); } console.log(name.padEnd(20), Math.round(best), 'ms', (len / 1e6).toFixed(2), 'MB'); };
t('gzip1', () => gzipSync(s, { level: 1 }));
t('gzip huffman', () => gzipSync(s, { level: 1, strategy: c.Z_HUFFMAN_ONLY }));
t('gzip rle', () => gzipSync(s, { level: 1, strategy: c.Z_RLE }));
t('brotli q0', () => brotliCompressSync(s, { params: { [c.BROTLI_PARAM_QUALITY]: 0 } }));
t('brotli q1', () => brotliCompressSync(s, { params: { [c.BROTLI_PARAM_QUALITY]: 1 } }));
