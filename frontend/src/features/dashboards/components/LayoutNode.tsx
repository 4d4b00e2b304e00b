// One component of the layout map, drawn by type; containers draw their children with drop zones
// between them in edit mode.
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { GRID_BASE_UNIT, type LayoutItem } from '../../../../../shared/dashboard/layout/index';
import { dashboardStore } from '../state/dashboardStore';
import { ChartHolder } from './ChartHolder';
import { MarkdownView } from './MarkdownView';
import { HeaderView } from './HeaderView';
import { TabsView } from './TabsView';
import { DropZone } from './DropZone';
import { EditFrame } from './EditFrame';

/** Percent of the parent's width for `width` of 12 columns. */
export const widthPercent = (width: number | undefined, of = 12) => `${((width ?? of) / of) * 100}%`;

export function Children({ item, orientation }: { item: LayoutItem; orientation: 'horizontal' | 'vertical' }) {
  const { ui, history } = useSnapshot(dashboardStore);
  const layout = history.present as Record<string, LayoutItem>;
  const out: ReactNode[] = [];
  item.children.forEach((id, i) => {
    if (ui.editMode) out.push(<DropZone key={`drop-${i}`} parentId={item.id} index={i} orientation={orientation} />);
    if (layout[id]) out.push(<LayoutNode key={id} id={id} parentWidth={item.type === 'COLUMN' ? item.meta.width : undefined} />);
  });
  // An empty tab is one large drop target, so a drop anywhere in it lands there (Superset's empty tab).
  const emptyTab = item.type === 'TAB' && item.children.length === 0;
  if (ui.editMode) out.push(<DropZone key="drop-end" parentId={item.id} index={item.children.length} orientation={orientation} hint={emptyTab ? 'Drag and drop components to this tab' : undefined} />);
  return <>{out}</>;
}

export function LayoutNode({ id, parentWidth }: { id: string; parentWidth?: number }) {
  const { history } = useSnapshot(dashboardStore);
  const item = history.present[id] as LayoutItem | undefined;
  if (!item) return null;
  switch (item.type) {
    case 'ROW':
      return (
        <EditFrame item={item} className="dash-row">
          <div className="dash-row__children">
            <Children item={item} orientation="horizontal" />
          </div>
        </EditFrame>
      );
    case 'COLUMN':
      return (
        <EditFrame item={item} className="dash-column" style={{ width: widthPercent(item.meta.width, parentWidth) }} resizable parentColumns={parentWidth}>
          <Children item={item} orientation="vertical" />
        </EditFrame>
      );
    case 'CHART':
      return (
        <EditFrame item={item} className="dash-chart" style={{ width: widthPercent(item.meta.width, parentWidth), height: (item.meta.height ?? 50) * GRID_BASE_UNIT }} resizable parentColumns={parentWidth}>
          <ChartHolder item={item} />
        </EditFrame>
      );
    case 'MARKDOWN':
      return (
        <EditFrame item={item} className="dash-markdown" style={{ width: widthPercent(item.meta.width, parentWidth), height: (item.meta.height ?? 50) * GRID_BASE_UNIT }} resizable parentColumns={parentWidth}>
          <MarkdownView item={item} />
        </EditFrame>
      );
    case 'HEADER':
      return (
        <EditFrame item={item} className="dash-header">
          <HeaderView item={item} />
        </EditFrame>
      );
    case 'DIVIDER':
      return (
        <EditFrame item={item} className="dash-divider">
          <hr aria-label="Divider" />
        </EditFrame>
      );
    case 'TABS':
      return (
        <EditFrame item={item} className="dash-tabs">
          <TabsView item={item} Children={Children} />
        </EditFrame>
      );
    case 'GRID':
    case 'TAB':
      return (
        <div className="dash-grid">
          <Children item={item} orientation="vertical" />
        </div>
      );
    default:
      return null;
  }
}
