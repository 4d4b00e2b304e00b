// The order charts are asked in: charts in view at once, charts near the view only while fewer than six
// queries (the browser's connections to a host) are in flight, at most three of those at a time. queryChart (the network call) is replaced by one that
// records the call and waits to be settled; the queue itself is the real module.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const asked: number[] = [];
const settle = new Map<number, () => void>();
vi.mock('../../../../../../frontend/src/features/dashboards/actions/chartActions', () => ({
  queryChart: (chartId: number) => {
    asked.push(chartId);
    entries()[chartId].state.chartStatus = 'loading';
    return new Promise<void>((resolve) =>
      settle.set(chartId, () => {
        entries()[chartId].state.chartStatus = 'success';
        resolve();
      }),
    );
  },
}));

const { dashboardStore } = await import('../../../../../../frontend/src/features/dashboards/state/dashboardStore');
const { queryInView, queryNearby, resetChartQueue } = await import('../../../../../../frontend/src/features/dashboards/actions/chartQueue');
const entries = () => dashboardStore.chartEntries as unknown as Record<number, { state: { chartStatus: string } }>;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const finish = async (chartId: number) => {
  settle.get(chartId)!();
  await flush();
};

beforeEach(() => {
  asked.length = 0;
  settle.clear();
  resetChartQueue();
  dashboardStore.chartEntries = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [i + 1, { state: { chartStatus: '' }, queriesData: null, query: null }])) as never;
});

describe('chart query order on a dashboard', () => {
  it('asks charts in view at once and nearby charts only while a connection is free of them', async () => {
    for (const id of [1, 2, 3, 4, 5, 6]) queryInView(id);
    queryNearby(7);
    queryNearby(8);
    expect(asked).toEqual([1, 2, 3, 4, 5, 6]);
    await finish(1);
    expect(asked).toEqual([1, 2, 3, 4, 5, 6, 7]);
    await finish(2);
    expect(asked).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('keeps at most three nearby queries in flight', async () => {
    for (const id of [3, 4, 5, 6, 7]) queryNearby(id);
    expect(asked).toEqual([3, 4, 5]);
    await finish(4);
    expect(asked).toEqual([3, 4, 5, 6]);
  });

  it('a waiting chart that scrolls into view goes ahead of the others, and holds them back while it loads', async () => {
    for (const id of [1, 2, 3, 4, 5]) queryInView(id);
    queryNearby(8);
    queryNearby(9);
    expect(asked).toEqual([1, 2, 3, 4, 5, 8]);
    queryInView(9);
    expect(asked).toEqual([1, 2, 3, 4, 5, 8, 9]);
    queryNearby(10);
    await finish(1);
    expect(asked).toEqual([1, 2, 3, 4, 5, 8, 9]);
    await finish(2);
    expect(asked).toEqual([1, 2, 3, 4, 5, 8, 9, 10]);
  });

  it('never asks a chart twice', async () => {
    queryInView(1);
    queryInView(1);
    queryNearby(1);
    await finish(1);
    queryInView(1);
    queryNearby(1);
    expect(asked).toEqual([1]);
  });
});
