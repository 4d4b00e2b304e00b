// The pivot table viz: row keys down, column keys across, one cell per metric, with totals.
import type { PivotProps } from '../../../../../shared/viz/types';

export function PivotView({ props, label }: { props: PivotProps; label: string }) {
  const metricsAcross = props.metricsLayout === 'COLUMNS';
  const colHeads = props.colKeys.length ? props.colKeys : [[]];
  const cells = (rowKey: string[]) =>
    colHeads.flatMap((colKey) =>
      (metricsAcross ? props.metrics : [props.metrics[0]]).map((m) => (
        <td key={`${colKey.join('|')}:${m}`}>{props.format(props.value(rowKey, colKey, m))}</td>
      )),
    );
  return (
    <div className="chart-pivot" style={{ width: props.width, height: props.height, overflow: 'auto' }}>
      <table aria-label={label}>
        <thead>
          <tr>
            {props.rowFields.map((f) => <th key={f} scope="col">{f}</th>)}
            {colHeads.flatMap((colKey) =>
              (metricsAcross ? props.metrics : [props.metrics[0]]).map((m) => (
                <th key={`${colKey.join('|')}:${m}`} scope="col">{[...colKey, metricsAcross && props.metrics.length > 1 ? m : ''].filter(Boolean).join(', ') || m}</th>
              )),
            )}
          </tr>
        </thead>
        <tbody>
          {props.rowKeys.map((rowKey) => (
            <tr key={rowKey.join('|')}>
              {rowKey.map((v, i) => <th key={i} scope="row">{v}</th>)}
              {cells(rowKey)}
            </tr>
          ))}
          {props.colTotals && (
            <tr>
              <th scope="row" colSpan={Math.max(1, props.rowFields.length)}>Total</th>
              {cells([])}
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
