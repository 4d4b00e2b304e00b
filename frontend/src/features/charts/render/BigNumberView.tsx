// The big number (with its optional trendline under it), drawn by the host as the plugin contract says.
import type { BigNumberProps } from '../../../../../shared/viz/types';
import { bigNumberCaption } from '../../../../../shared/viz/big_number/caption';
import { EChart } from './EChart';

let measureContext: CanvasRenderingContext2D | null | undefined;

/** The font size at which `text`, in the page's font at weight 600, is `width` pixels wide. */
function fittingFontSize(text: string, width: number): number {
  const probe = 100;
  // Without a DOM (rendered to a string) the estimate of 0.7 em per character stands.
  if (measureContext === undefined) measureContext = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  let measured = text.length * 0.7 * probe;
  if (measureContext) {
    measureContext.font = `600 ${probe}px ${getComputedStyle(document.body).fontFamily}`;
    measured = measureContext.measureText(text).width || measured;
  }
  return (width / Math.max(measured, probe)) * probe;
}

export function BigNumberView({ props, label }: { props: BigNumberProps; label: string }) {
  const trendHeight = props.trendline ? Math.round(props.height * 0.45) : 0;
  const area = props.height - trendHeight;
  // The number fills its area's height, but never wider than 90% of the cell, measured in the font it
  // is drawn with (an estimate per character let "284.5" run past both edges).
  const fontSize = Math.max(12, Math.min(area * (props.subheader ? 0.55 : 0.7), fittingFontSize(props.formattedBigNumber, props.width * 0.9)));
  const caption = bigNumberCaption(props);
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
          {caption.subheader && <div style={{ fontSize: Math.round(Math.max(11, fontSize * 0.25)) }}>{caption.subheader}</div>}
          {caption.change && <div className={caption.change.up ? 'big-number__up' : 'big-number__down'}>{caption.change.text}</div>}
          {caption.timestamp && <div className="big-number__time">{caption.timestamp}</div>}
        </>
      )}
      </div>
      {props.trendline && <EChart option={props.trendline} width={props.width} height={trendHeight} label={`${label} trendline`} />}
    </div>
  );
}
