// The big number (with its optional trendline under it), drawn by the host as the plugin contract says.
import type { BigNumberProps } from '../../../../../shared/viz/types';
import { EChart } from './EChart';

export function BigNumberView({ props, label }: { props: BigNumberProps; label: string }) {
  const trendHeight = props.trendline ? Math.round(props.height * 0.45) : 0;
  const area = props.height - trendHeight;
  // The number fills its area's height, but never wider than the cell (about 0.6 em per digit).
  const fontSize = Math.max(12, Math.min(area * (props.subheader ? 0.55 : 0.7), (props.width / Math.max(3, props.formattedBigNumber.length)) * 1.6));
  const change = props.subheader ? null : props.percentChange;
  return (
    <div className="big-number" role="figure" aria-label={label} style={{ width: props.width, height: props.height }}>
      <div className="big-number__main" style={{ height: area }}>
      {props.noDataMessage ? (
        <p className="big-number__empty">{props.noDataMessage}</p>
      ) : (
        <>
          <div className="big-number__value" style={{ fontSize: Math.round(fontSize) }}>
            {props.formattedBigNumber}
          </div>
          {props.subheader && <div style={{ fontSize: Math.round(Math.max(11, fontSize * 0.25)) }}>{props.subheader}</div>}
          {change !== null && (
            <div className={change >= 0 ? 'big-number__up' : 'big-number__down'}>{`${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)}%`}</div>
          )}
          {props.formattedTimestamp && <div className="big-number__time">{props.formattedTimestamp}</div>}
        </>
      )}
      </div>
      {props.trendline && <EChart option={props.trendline} width={props.width} height={trendHeight} label={`${label} trendline`} />}
    </div>
  );
}
