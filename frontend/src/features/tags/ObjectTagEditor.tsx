// The tag editor for an object whose tags the page has not loaded: reads them first, then edits.
import { useEffect, useState } from 'react';
import type { TaggableType } from '../../../../shared/tags/tagNames';
import { TagEditor } from './TagEditor';
import { objectTags, type TagChip } from './tagsApi';

export function ObjectTagEditor({ type, id }: { type: TaggableType; id: number }) {
  const [tags, setTags] = useState<TagChip[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    objectTags(type, id).then((t) => live && setTags(t), () => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [type, id]);
  if (failed) return <p role="alert" className="field__error">The tags could not be loaded.</p>;
  if (!tags) return <p aria-busy="true">Loading tags…</p>;
  return <TagEditor type={type} id={id} initial={tags} />;
}
