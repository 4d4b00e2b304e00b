// The big number (with its optional trendline under it), drawn by the host as the plugin contract says.
import type { BigNumberProps } from '../../../../../shared/viz/types';
import { EChart } from './EChart';

export function BigNumberView({ props, label }: { props: BigNumberProps; label: string }) {
  const trendHeight = props.trendline ? Math.round(props.height * 0.45) : 0;
  const change = props.percentChange;
  return (
    <div className="big-number" role="figure" aria-label={label} style={{ width: props.width, height: props.height }}>
      {props.noDataMessage ? (
        <p className="big-number__empty">{props.noDataMessage}</p>
      ) : (
        <>
          <div className="big-number__value" style={{ fontSize: Math.round(props.height * props.headerFontSize * 0.8) }}>
            {props.formattedBigNumber}
          </div>
          {props.subheader && <div style={{ fontSize: Math.round(props.height * props.subheaderFontSize * 0.8) }}>{props.subheader}</div>}
          {change !== null && (
            <div className={change >= 0 ? 'big-number__up' : 'big-number__down'}>{`${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)}%`}</div>
          )}
          {props.formattedTimestamp && <div className="big-number__time">{props.formattedTimestamp}</div>}
        </>
      )}
      {props.trendline && <EChart option={props.trendline} width={props.width} height={trendHeight} label={`${label} trendline`} />}
    </div>
  );
}
