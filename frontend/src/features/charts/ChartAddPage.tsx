// /chart/add/ ("+ Chart" on the chart list, as Superset's): choose a dataset (searched on the server by
// name) and a visualization type (searched by name, description and tags, grouped by category), then
// "Create new chart" opens Explore on them. ?dataset_id= preselects a dataset.
import { useEffect, useMemo, useState } from 'react';
import { PageHeader } from '../../app/PageHeader';
import { DEFAULT_VIZ_TYPE, listPlugins } from '../../../../shared/viz/registry';
import { apiProblem } from '../../app/errors/apiProblem';
import { searchDatasets, type DatasetOption } from '../datasets/searchDatasets';
import './chartAdd.css';

export const exploreNewChartUrl = (datasetId: number, vizType: string) =>
  `/explore/?datasource_type=table&datasource_id=${datasetId}&viz_type=${encodeURIComponent(vizType)}`;

export function matchesViz(p: { vizType: string; name: string; description: string; tags: string[] }, text: string): boolean {
  const t = text.trim().toLowerCase();
  if (!t) return true;
  return [p.vizType, p.name, p.description, ...p.tags].some((s) => s.toLowerCase().includes(t));
}

export default function ChartAddPage() {
  const preselected = Number(new URLSearchParams(window.location.search).get('dataset_id')) || null;
  const [datasetText, setDatasetText] = useState('');
  const [datasets, setDatasets] = useState<DatasetOption[] | null>(null);
  const [datasetId, setDatasetId] = useState<number | null>(preselected);
  const [problem, setProblem] = useState<string | null>(null);
  const [vizText, setVizText] = useState('');
  const [vizType, setVizType] = useState(DEFAULT_VIZ_TYPE);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      searchDatasets(datasetText).then(
        (rows) => live && (setDatasets(rows), setProblem(null)),
        (e: unknown) => live && setProblem(apiProblem(e, 'Datasets could not be loaded.')),
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [datasetText]);

  const groups = useMemo(() => {
    const byCategory = new Map<string, ReturnType<typeof listPlugins>>();
    for (const p of listPlugins().filter((p) => matchesViz(p, vizText))) byCategory.set(p.category, [...(byCategory.get(p.category) ?? []), p]);
    return [...byCategory.entries()];
  }, [vizText]);

  const chosen = listPlugins().find((p) => p.vizType === vizType);
  const create = () => {
    if (datasetId !== null) window.location.assign(exploreNewChartUrl(datasetId, vizType));
  };

  return (
    <div className="page chart-add">
      <PageHeader title="Create a new chart" />
      <section className="chart-add__step" aria-labelledby="chart-add-dataset">
        <h2 id="chart-add-dataset">1. Choose a dataset</h2>
        <label className="field">
          <span className="field__label">Search datasets</span>
          <input className="input" value={datasetText} onChange={(e) => setDatasetText(e.target.value)} placeholder="Table name" />
        </label>
        {problem && <p role="alert" className="field__error">{problem}</p>}
        <div className="field">
          <label className="field__label" htmlFor="chart-add-dataset-select">Dataset</label>
          <select id="chart-add-dataset-select" className="select" value={datasetId ?? ''} onChange={(e) => setDatasetId(e.target.value ? Number(e.target.value) : null)}>
            <option value="">{datasets === null ? 'Loading datasets...' : datasets.length ? 'Choose a dataset' : 'No datasets match'}</option>
            {datasetId !== null && datasets && !datasets.some((d) => d.id === datasetId) && <option value={datasetId}>{`Dataset ${datasetId}`}</option>}
            {(datasets ?? []).map((d) => (
              <option key={d.id} value={d.id}>{d.label}</option>
            ))}
          </select>
        </div>
      </section>
      <section className="chart-add__step" aria-labelledby="chart-add-viz">
        <h2 id="chart-add-viz">2. Choose chart type</h2>
        <label className="field">
          <span className="field__label">Search chart types</span>
          <input className="input" value={vizText} onChange={(e) => setVizText(e.target.value)} placeholder="Name, description or tag" />
        </label>
        <div role="radiogroup" aria-label="Chart type" className="chart-add__types">
          {groups.length === 0 && <p>No chart types match this search.</p>}
          {groups.map(([category, plugins]) => (
            <fieldset key={category} className="chart-add__category">
              <legend>{category}</legend>
              {plugins.map((p) => (
                <label key={p.vizType} className={`chart-add__type${p.vizType === vizType ? ' chart-add__type--chosen' : ''}`}>
                  <input type="radio" name="viz_type" value={p.vizType} checked={p.vizType === vizType} onChange={() => setVizType(p.vizType)} />
                  <span>{p.name}</span>
                </label>
              ))}
            </fieldset>
          ))}
        </div>
        {chosen && <p className="chart-add__description" aria-live="polite">{`${chosen.name}: ${chosen.description}`}</p>}
      </section>
      <div className="chart-add__actions">
        <button type="button" className="button button--primary" disabled={datasetId === null} onClick={create}>
          Create new chart
        </button>
        {datasetId === null && <span className="chart-add__hint">Choose a dataset to continue.</span>}
      </div>
    </div>
  );
}
