// The chart title in the Explore header, edited in place as Superset's EditableTitle: a click (or
// Enter on it) turns it into a field; Enter or leaving the field keeps the name for the next save,
// Escape drops the edit. The kept name is exploreStore.sliceNameDraft, which the save modal starts from.
import { useState } from 'react';
import { exploreStore } from '../state/exploreStore';

export function EditableTitle({ title }: { title: string }) {
  const [editing, setEditing] = useState(false);
  const keep = (value: string) => {
    setEditing(false);
    const name = value.trim();
    if (name && name !== title) exploreStore.sliceNameDraft = name;
  };
  return (
    <h1 className="explore__title">
      {editing ? (
        <input
          className="input explore__title-input"
          aria-label="Chart title"
          autoFocus
          defaultValue={title}
          onBlur={(e) => keep(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') keep(e.currentTarget.value);
            if (e.key === 'Escape') {
              e.stopPropagation();
              setEditing(false);
            }
          }}
        />
      ) : (
        <button type="button" className="explore__title-button" title="Click to edit the chart title" onClick={() => setEditing(true)}>
          {title}
        </button>
      )}
    </h1>
  );
}
