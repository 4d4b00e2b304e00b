// A named constant is defined once: two modules that each declare `const NAME = <same literal>` are
// one idea written twice (a limit or alias that can drift apart). The second place imports the first.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');
const FOLDERS = ['functions', 'shared', 'frontend/src'];
const CONSTANT = /^(?:export\s+)?const\s+([A-Z][A-Z0-9_]{2,})\s*=\s*([-\d_.]+|'[^']*'|"[^"]*"|[\d_]+(?:\s*\*\s*[\d_]+)+)\s*;/gm;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

describe('constants', () => {
  it('are defined once: no two modules declare the same name with the same value', () => {
    const places = new Map<string, string[]>();
    for (const file of FOLDERS.flatMap((f) => sources(join(ROOT, f)))) {
      for (const [, name, value] of readFileSync(file, 'utf8').matchAll(CONSTANT)) {
        const key = `${name} = ${value.replace(/\s+/g, ' ')}`;
        places.set(key, [...(places.get(key) ?? []), relative(ROOT, file)]);
      }
    }
    const twice = [...places].filter(([, files]) => files.length > 1).map(([key, files]) => `${key}: ${files.join(', ')}`);
    expect(twice).toEqual([]);
  });
});
