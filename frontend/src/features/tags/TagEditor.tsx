// The tags of one chart, dashboard or saved query, edited in place (the properties dialogs): remove a
// tag with its button, add one by typing a name (existing tags are suggested; a new name makes a tag).
// Each change is saved at once through the tag API, as Superset's tag editor does.
import { useEffect, useId, useState } from 'react';
import { truncateTagName, tagNameProblem, type TaggableType } from '../../../../shared/tags/tagNames';
import { addDangerToast } from '../toasts/toastStore';
import { addTags, removeTag, tagNames, type TagChip } from './tagsApi';
import './tags.css';

const errorText = (e: unknown, fallback: string) => (e instanceof Error && e.message ? e.message : fallback);

export function TagEditor({ type, id, initial, onChange }: { type: TaggableType; id: number; initial: readonly TagChip[]; onChange?: (tags: TagChip[]) => void }) {
  const [tags, setTags] = useState<TagChip[]>([...initial]);
  const [draft, setDraft] = useState('');
  const [known, setKnown] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const listId = useId();
  const inputId = useId();

  useEffect(() => {
    tagNames().then(setKnown, () => setKnown([]));
  }, []);

  const update = (next: TagChip[]) => {
    setTags(next);
    onChange?.(next);
  };
  const add = async () => {
    const name = draft.trim();
    if (!name) return;
    const bad = tagNameProblem(name);
    if (bad) return setProblem(bad);
    setProblem(null);
    setBusy(true);
    try {
      update(await addTags(type, id, [name]));
      setDraft('');
    } catch (e) {
      addDangerToast(errorText(e, 'The tag could not be added'));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (tag: TagChip) => {
    setBusy(true);
    try {
      await removeTag(type, id, tag.name);
      update(tags.filter((t) => t.id !== tag.id));
    } catch (e) {
      addDangerToast(errorText(e, 'The tag could not be removed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="tag-editor">
      <legend className="field__label">Tags</legend>
      <ul className="tag-chips" aria-label="Current tags">
        {tags.map((t) => (
          <li key={t.id} className="tag-chip" title={t.name}>
            {truncateTagName(t.name)}
            <button type="button" className="tag-chip__remove" aria-label={`Remove tag ${t.name}`} disabled={busy} onClick={() => void remove(t)}>
              ×
            </button>
          </li>
        ))}
        {!tags.length && <li className="tag-editor__none">No tags</li>}
      </ul>
      <div className="tag-editor__add">
        <input
          id={inputId}
          className="input"
          aria-label="New tag"
          placeholder="Add a tag"
          list={listId}
          value={draft}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            // The editor sits inside dialog forms: Enter adds the tag instead of submitting the dialog.
            if (e.key === 'Enter') {
              e.preventDefault();
              void add();
            }
          }}
        />
        <datalist id={listId}>
          {known.filter((n) => !tags.some((t) => t.name === n)).map((n) => <option key={n} value={n} />)}
        </datalist>
        <button type="button" className="button button--secondary button--small" disabled={busy || !draft.trim()} onClick={() => void add()}>
          Add tag
        </button>
      </div>
      {problem && <p role="alert" className="field__error">{problem}</p>}
    </fieldset>
  );
}
