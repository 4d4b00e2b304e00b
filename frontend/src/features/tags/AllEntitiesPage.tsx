// /superset/all_entities/?id={tag id}: the tag's name and description, and every dashboard, chart and
// saved query carrying it that the user may see, each linking to its page (Superset's AllEntities).
import { useEffect, useState } from 'react';
import { PageHeader } from '../../app/PageHeader';
import { EmptyState } from '../../app/EmptyState';
import type { TaggedObjectAnswer } from '../../../../shared/schemas/responses/tags';
import { fetchTag, fetchTaggedObjects } from './tagsApi';
import './tags.css';

const SECTIONS: { type: TaggedObjectAnswer['type']; title: string }[] = [
  { type: 'dashboard', title: 'Dashboards' },
  { type: 'chart', title: 'Charts' },
  { type: 'query', title: 'Saved queries' },
];

type Loaded = { tag: { name: string; description: string | null }; objects: TaggedObjectAnswer[] };

const tagIdOfUrl = () => {
  const id = Number(new URLSearchParams(window.location.search).get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

export default function AllEntitiesPage() {
  const [state, setState] = useState<Loaded | 'loading' | 'missing'>('loading');
  const id = tagIdOfUrl();
  useEffect(() => {
    if (id === null) return setState('missing');
    let live = true;
    Promise.all([fetchTag(id), fetchTaggedObjects(id)]).then(
      ([tag, objects]) => live && setState({ tag: { name: tag.name ?? '', description: tag.description ?? null }, objects }),
      () => live && setState('missing'),
    );
    return () => {
      live = false;
    };
  }, [id]);

  if (state === 'loading') return <div className="page" aria-busy="true"><p>Loading…</p></div>;
  if (state === 'missing') return <div className="page"><EmptyState title="Tag not found" message="This tag does not exist or was deleted." /></div>;
  return (
    <div className="page all-entities">
      <PageHeader title={state.tag.name} subtitle={state.tag.description || undefined} />
      {!state.objects.length && <EmptyState headingLevel={2} title="Nothing carries this tag" message="Tag a dashboard, chart or saved query to find it here." />}
      {SECTIONS.map(({ type, title }) => {
        const rows = state.objects.filter((o) => o.type === type);
        if (!rows.length) return null;
        return (
          <section key={type} className="all-entities__section" aria-label={title}>
            <h2>{title}</h2>
            <table className="all-entities__table">
              <thead>
                <tr><th scope="col">Name</th><th scope="col">Modified</th><th scope="col">Owners</th></tr>
              </thead>
              <tbody>
                {rows.map((o) => (
                  <tr key={`${o.type}-${o.id}`}>
                    <td><a href={o.url}>{o.name || `#${o.id}`}</a></td>
                    <td>{o.changed_on_delta_humanized}</td>
                    <td>{o.owners.map((p) => `${p.first_name} ${p.last_name}`.trim()).join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
    </div>
  );
}
