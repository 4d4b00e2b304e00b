// The virtualized results grid: only the rows in view are in the DOM, so 100,000 rows scroll as
// smoothly as 10. Sorting, search and widths are local view state; the rows themselves are never copied.
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ResultColumn } from '../state/types';
import { fillWidths, formatCell, initialWidth, isNumericColumn, nextSort, sampleRowIndexes, type Row, type SortSpec } from './gridData';

const ROW_HEIGHT = 28;
const ROWNUM_WIDTH = 56;

export interface CellPosition {
  row: number; // index into `order`
  col: number;
}

export interface ResultGridProps {
  rows: readonly Row[];
  columns: readonly ResultColumn[];
  order: readonly number[];
  sort: SortSpec | null;
  onSort: (sort: SortSpec | null) => void;
  selected: CellPosition | null;
  onSelect: (cell: CellPosition | null) => void;
  onCopy: (what: 'cell' | 'row') => void;
  label: string;
}

export function ResultGrid({ rows, columns, order, sort, onSort, selected, onSelect, onCopy, label }: ResultGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [widths, setWidths] = useState<Record<string, number>>({});
  const cellIds = useId();
  const cellId = (row: number, col: number) => `${cellIds}-r${row}-c${col}`;
  const [paneWidth, setPaneWidth] = useState(0);
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setPaneWidth(el.clientWidth));
    observer.observe(el);
    setPaneWidth(el.clientWidth);
    return () => observer.disconnect();
  }, []);
  // Columns sized to a sample of their content; when they need less than the pane, they share the rest.
  const contentWidths = useMemo(() => {
    const sample = sampleRowIndexes(rows.length);
    return columns.map((c) => initialWidth(rows, c, sample));
  }, [columns, rows]);
  const fitted = useMemo(() => fillWidths(contentWidths, paneWidth - ROWNUM_WIDTH), [contentWidths, paneWidth]);
  const widthAt = (i: number) => widths[columns[i].column_name] ?? fitted[i] ?? contentWidths[i];
  const widthOf = (c: ResultColumn) => widthAt(columns.indexOf(c));
  const totalWidth = ROWNUM_WIDTH + columns.reduce((n, _c, i) => n + widthAt(i), 0);
  const virtualizer = useVirtualizer({
    count: order.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  // A new order (sort, filter, new rows) starts at its first row, not where the old order was scrolled.
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [order]);

  const startResize = (e: PointerEvent, column: ResultColumn) => {
    e.preventDefault();
    e.stopPropagation();
    const startX = e.clientX;
    const startW = widthOf(column);
    const move = (ev: globalThis.PointerEvent) =>
      setWidths((w) => ({ ...w, [column.column_name]: Math.max(48, startW + ev.clientX - startX) }));
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  /** The keyboard alternative to dragging a column edge: Left/Right by 16 pixels. */
  const onResizerKey = (e: KeyboardEvent, column: ResultColumn) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    e.stopPropagation();
    const next = Math.max(48, widthOf(column) + (e.key === 'ArrowRight' ? 16 : -16));
    setWidths((w) => ({ ...w, [column.column_name]: next }));
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (!selected || e.target !== e.currentTarget) return;
    const move = (row: number, col: number) => {
      const r = Math.max(0, Math.min(order.length - 1, row));
      const c = Math.max(0, Math.min(columns.length - 1, col));
      onSelect({ row: r, col: c });
      virtualizer.scrollToIndex(r, { align: 'auto' });
      e.preventDefault();
    };
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 300) / ROW_HEIGHT) - 1);
    if (e.key === 'ArrowDown') move(selected.row + 1, selected.col);
    else if (e.key === 'ArrowUp') move(selected.row - 1, selected.col);
    else if (e.key === 'ArrowRight') move(selected.row, selected.col + 1);
    else if (e.key === 'ArrowLeft') move(selected.row, selected.col - 1);
    else if (e.key === 'PageDown') move(selected.row + page, selected.col);
    else if (e.key === 'PageUp') move(selected.row - page, selected.col);
    else if (e.key === 'Home' && e.ctrlKey) move(0, selected.col);
    else if (e.key === 'End' && e.ctrlKey) move(order.length - 1, selected.col);
    else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'c') {
      onCopy(e.shiftKey ? 'row' : 'cell');
      e.preventDefault();
    } else if (e.key === 'Escape') onSelect(null);
  };

  const template = `${ROWNUM_WIDTH}px ${columns.map((_c, i) => `${widthAt(i)}px`).join(' ')}`;
  return (
    <div
      className="result-grid"
      ref={scroller}
      role="grid"
      aria-label={label}
      aria-rowcount={order.length + 1}
      aria-colcount={columns.length}
      aria-activedescendant={selected ? cellId(selected.row, selected.col) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={() => !selected && order.length > 0 && onSelect({ row: 0, col: 0 })}
    >
      <div className="result-grid__inner" style={{ width: totalWidth, height: virtualizer.getTotalSize() + ROW_HEIGHT }}>
        <div className="result-grid__header" role="row" aria-rowindex={1} style={{ gridTemplateColumns: template }}>
          <div className="result-grid__rownum" role="columnheader" aria-label="Row number">#</div>
          {columns.map((c) => {
            const dir = sort?.column === c.column_name ? sort.direction : null;
            return (
              <div
                key={c.column_name}
                role="columnheader"
                aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
                className={`result-grid__th${isNumericColumn(c) ? ' is-numeric' : ''}`}
              >
                <button
                  type="button"
                  className="result-grid__sort"
                  title={`${c.column_name} (${c.type ?? 'unknown type'}) — click to sort`}
                  onClick={() => onSort(nextSort(sort, c.column_name))}
                >
                  <span className="result-grid__name">{c.column_name}</span>
                  <span className="result-grid__sort-icon" aria-hidden="true">{dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : ''}</span>
                </button>
                <span
                  className="result-grid__resizer"
                  role="separator"
                  aria-orientation="vertical"
                  aria-label={`Resize column ${c.column_name}`}
                  aria-valuenow={Math.round(widthOf(c))}
                  aria-valuemin={48}
                  tabIndex={0}
                  onKeyDown={(e) => onResizerKey(e, c)}
                  onPointerDown={(e) => startResize(e, c)}
                />
              </div>
            );
          })}
        </div>
        {virtualizer.getVirtualItems().map((v) => {
          const rowIndex = order[v.index];
          const row = rows[rowIndex];
          return (
            <div
              key={v.key}
              role="row"
              aria-rowindex={v.index + 2}
              className={`result-grid__row${v.index % 2 ? ' is-odd' : ''}`}
              style={{ transform: `translateY(${v.start + ROW_HEIGHT}px)`, gridTemplateColumns: template }}
            >
              <div className="result-grid__rownum" role="rowheader">{rowIndex + 1}</div>
              {columns.map((c, ci) => {
                const value = row[c.column_name];
                const isSel = selected?.row === v.index && selected.col === ci;
                return (
                  <div
                    key={c.column_name}
                    role="gridcell"
                    id={cellId(v.index, ci)}
                    aria-selected={isSel}
                    className={`result-grid__td${isNumericColumn(c) ? ' is-numeric' : ''}${value == null ? ' is-null' : ''}${isSel ? ' is-selected' : ''}`}
                    onMouseDown={() => onSelect({ row: v.index, col: ci })}
                    onDoubleClick={() => onCopy('cell')}
                  >
                    {formatCell(value, c)}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}

export default ResultGrid;
