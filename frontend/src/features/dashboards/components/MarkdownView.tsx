// A markdown component: rendered safely (markdown-it with raw HTML off, so HTML in the source shows
// as text), edited as source in edit mode. An empty one draws nothing in view mode (no blank box) and
// its placeholder only in edit mode, as Superset does.
import { useMemo, useState } from 'react';
import MarkdownIt from 'markdown-it';
import { useSnapshot } from 'valtio';
import type { LayoutItem } from '../../../../../shared/dashboard/layout/index';
import { dashboardStore } from '../state/dashboardStore';
import { editMeta } from '../actions/layoutActions';

const md = new MarkdownIt({ html: false, linkify: true });

export const renderMarkdown = (source: string) => md.render(source);

export function MarkdownView({ item }: { item: LayoutItem }) {
  const { ui } = useSnapshot(dashboardStore);
  const source = String(item.meta.code ?? '');
  const [editing, setEditing] = useState(false);
  const html = useMemo(() => renderMarkdown(source || (ui.editMode ? '_Click to edit markdown_' : '')), [source, ui.editMode]);
  if (!ui.editMode && !source.trim()) return null;
  if (ui.editMode && editing) {
    return (
      <textarea
        className="dash-markdown__source"
        aria-label="Markdown source"
        autoFocus
        defaultValue={source}
        onBlur={(e) => {
          setEditing(false);
          if (e.target.value !== source) editMeta(item.id, { code: e.target.value });
        }}
      />
    );
  }
  return (
    <div
      className="dash-markdown__body"
      {...(ui.editMode ? { role: 'button', tabIndex: 0, 'aria-label': 'Edit markdown', onClick: () => setEditing(true), onKeyDown: (e: React.KeyboardEvent) => e.key === 'Enter' && setEditing(true) } : {})}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
