// Tags shown on a list row or a page: each a link to its all-entities page, long names cut at 20
// characters with '...' and the full name in the title (spec section 5).
import { truncateTagName } from '../../../../shared/tags/tagNames';
import type { TagChip } from './tagsApi';
import './tags.css';

export const allEntitiesUrl = (id: number) => `/superset/all_entities/?id=${id}`;

export function TagChips({ tags, max }: { tags: readonly TagChip[]; max?: number }) {
  if (!tags.length) return null;
  const shown = max !== undefined ? tags.slice(0, max) : tags;
  const more = tags.length - shown.length;
  return (
    <ul className="tag-chips" aria-label="Tags">
      {shown.map((t) => (
        <li key={t.id}>
          <a className="tag-chip" href={allEntitiesUrl(t.id)} title={t.name} aria-label={`Tag ${t.name}`}>
            {truncateTagName(t.name)}
          </a>
        </li>
      ))}
      {more > 0 && <li className="tag-chip tag-chip--more" title={tags.slice(shown.length).map((t) => t.name).join(', ')}>{`+${more}`}</li>}
    </ul>
  );
}
