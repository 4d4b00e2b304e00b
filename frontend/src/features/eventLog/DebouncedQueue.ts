// Collects items and hands them to `flush` in batches: after `delayMs` without new items, at most
// `maxBatch` per call, the remainder right after (Superset's DebouncedMessageQueue). Batching keeps the
// event log to one request per burst of UI activity and under the beacon size limit (~64 KB).
export interface DebouncedQueueOptions<T> {
  flush: (items: T[]) => void;
  maxBatch: number;
  delayMs: number;
}

export class DebouncedQueue<T> {
  private items: T[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: DebouncedQueueOptions<T>) {}

  get size() {
    return this.items.length;
  }

  append(item: T) {
    this.items.push(item);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flushNow(), this.options.delayMs);
  }

  /** Sends everything queued now, in batches (used on page hide, when no timer will fire). */
  flushNow() {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.items.length > 0) this.options.flush(this.items.splice(0, this.options.maxBatch));
  }
}
