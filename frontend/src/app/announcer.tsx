// One polite live region for the whole app: `announce(text)` tells screen reader users what a
// keyboard action did when nothing else on screen says it (a dashboard component moved or resized).
import { proxy, useSnapshot } from 'valtio';

const live = proxy({ text: '', count: 0 });

export function announce(text: string) {
  live.text = text;
  live.count += 1;
}

export function LiveAnnouncer() {
  const snap = useSnapshot(live);
  // The key changes with every announcement, so the same text twice is read twice.
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      <span key={snap.count}>{snap.text}</span>
    </div>
  );
}
