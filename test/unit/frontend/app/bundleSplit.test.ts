// Builds the SPA in memory and checks the code-splitting promise: the code loaded for /sqllab/ (the
// entry chunk plus the SQL Lab page chunk and their static imports) never contains ECharts, and every
// page is its own lazily loaded chunk.
import { describe, expect, it } from 'vitest';
import { build } from 'vite';
import { fileURLToPath } from 'node:url';

interface Chunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  moduleIds: string[];
}

const configFile = fileURLToPath(new URL('../../../../frontend/vite.config.ts', import.meta.url));

async function buildChunks(): Promise<Map<string, Chunk>> {
  const output = (await build({ configFile, logLevel: 'silent', build: { write: false, sourcemap: false } })) as
    | { output: (Chunk | { type: 'asset' })[] }
    | { output: (Chunk | { type: 'asset' })[] }[];
  const results = Array.isArray(output) ? output : [output];
  const chunks = results.flatMap((r) => r.output).filter((o): o is Chunk => o.type === 'chunk');
  return new Map(chunks.map((c) => [c.fileName, c]));
}

function staticClosure(chunks: Map<string, Chunk>, start: Chunk): Chunk[] {
  const seen = new Map<string, Chunk>();
  const visit = (chunk: Chunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) visit(chunks.get(file)!);
  };
  visit(start);
  return [...seen.values()];
}

describe('frontend code splitting', () => {
  it('keeps ECharts out of the /sqllab/ bundle and loads each page lazily', async () => {
    const chunks = await buildChunks();
    const all = [...chunks.values()];
    const entry = all.find((c) => c.isEntry)!;
    const pageChunk = (name: string) => all.find((c) => c.facadeModuleId?.endsWith(`/${name}.tsx`));
    const sqllab = pageChunk('SqlLabPage');
    expect(entry).toBeDefined();
    expect(sqllab).toBeDefined();

    const sqllabModules = [...staticClosure(chunks, entry), ...staticClosure(chunks, sqllab!)].flatMap((c) => c.moduleIds);
    expect(sqllabModules.filter((id) => /node_modules[\\/](echarts|zrender|echarts-for-react)[\\/]/.test(id))).toEqual([]);

    // The entry holds the shell, not the pages.
    for (const page of ['SqlLabPage', 'SavedQueryListPage', 'ExplorePage', 'DashboardPage', 'ChartListPage', 'DashboardListPage']) {
      expect(pageChunk(page), page).toBeDefined();
      expect(entry.moduleIds.some((id) => id.endsWith(`/${page}.tsx`)), page).toBe(false);
    }
  }, 120_000);
});
