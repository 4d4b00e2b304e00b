// A header component: its text, editable in edit mode.
import { useSnapshot } from 'valtio';
import type { LayoutItem } from '../../../../../shared/dashboard/layout/index';
import { dashboardStore } from '../state/dashboardStore';
import { editMeta } from '../actions/layoutActions';

const SIZES: Record<string, 'h2' | 'h3' | 'h4'> = { LARGE_HEADER: 'h2', MEDIUM_HEADER: 'h3', SMALL_HEADER: 'h4' };

export function HeaderView({ item }: { item: LayoutItem }) {
  const { ui } = useSnapshot(dashboardStore);
  const Tag = SIZES[String(item.meta.headerSize)] ?? 'h3';
  const text = String(item.meta.text ?? '');
  if (ui.editMode) {
    return (
      <input
        className="dash-header__input"
        aria-label="Header text"
        defaultValue={text}
        onBlur={(e) => e.target.value !== text && editMeta(item.id, { text: e.target.value })}
      />
    );
  }
  return <Tag className="dash-header__text">{text}</Tag>;
}
