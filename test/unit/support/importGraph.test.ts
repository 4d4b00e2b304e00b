// No import circles in the app, the functions, shared/ and infra/ (type-only imports count, as madge counts them): a
// circle makes module load order matter and usually means a piece wants a module of its own.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles } from '../../support/importGraph';

const ROOT = new URL('../../..', import.meta.url).pathname;

describe('import cycles', () => {
  it.each(['frontend/src', 'functions', 'shared', 'infra'])('%s has none', (dir) => {
    const cycles = importCycles(join(ROOT, dir), ROOT).map((c) => c.join(' -> '));
    expect(cycles).toEqual([]);
  });

  it('finds a cycle through a type-only import, and skips it when asked to follow runtime imports only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycles-'));
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src/a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    writeFileSync(join(dir, 'src/b.ts'), "import type { A } from './c';\nexport const b = 1;\nexport type B = A;\n");
    writeFileSync(join(dir, 'src/c.ts'), "import { a } from './a';\nexport type A = ReturnType<typeof a>;\n");
    expect(importCycles(join(dir, 'src'), dir)).toEqual([['src/a.ts', 'src/b.ts', 'src/c.ts']]);
    expect(importCycles(join(dir, 'src'), dir, { types: false })).toEqual([]);
  });
});
