// The scope of a filter or of a chart's cross-filters: "All panels" or a tree of the layout's tabs and
// charts with checkboxes (a tab checks every chart below it, and shows mixed when only some are).
// The checked charts are turned into Superset's rootPath/excluded by scopeFromCheckedCharts.
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { nodeCheckState, toggleNode, type ScopeNode } from '../../../../../shared/dashboard/filters/index';
import { dashboardStore } from '../state/dashboardStore';

function NodeBox({ node, checked, onChange, disabled }: { node: ScopeNode; checked: number[]; onChange: (next: number[]) => void; disabled: Set<number> }) {
  const ref = useRef<HTMLInputElement>(null);
  const state = nodeCheckState(node, new Set(checked));
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  const off = node.kind === 'CHART' && disabled.has(node.chartId!);
  return (
    <li>
      <label className={`scope-tree__label scope-tree__label--${node.kind.toLowerCase()}`}>
        <input ref={ref} type="checkbox" disabled={off} checked={state === 'all'} aria-checked={state === 'some' ? 'mixed' : state === 'all'} onChange={() => onChange(toggleNode(node, checked).filter((c) => !disabled.has(c)))} />
        {node.kind === 'TAB' ? `${node.label} (tab)` : node.label}
      </label>
      {node.children.length > 0 && (
        <ul>
          {node.children.map((child) => <NodeBox key={child.id} node={child} checked={checked} onChange={onChange} disabled={disabled} />)}
        </ul>
      )}
    </li>
  );
}

export function ScopeTree({ tree, checked, onChange, label, disabled = [] }: { tree: ScopeNode; checked: number[]; onChange: (next: number[]) => void; label: string; disabled?: number[] }) {
  return (
    <ul className="scope-tree" aria-label={label}>
      <NodeBox node={tree} checked={checked} onChange={onChange} disabled={new Set(disabled)} />
    </ul>
  );
}

/** A chart's name in the tree: its dashboard name. */
export function useChartName(): (chartId: number) => string {
  const snap = useSnapshot(dashboardStore);
  return (chartId) => snap.charts[chartId]?.sliceName ?? `Chart ${chartId}`;
}
