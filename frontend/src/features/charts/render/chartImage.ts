// "Download as image" for any drawn chart: an ECharts SVG is drawn as it is; charts the host draws in
// HTML (tables, pivot tables, big numbers) are copied with their computed styles into an SVG
// foreignObject. Either picture is painted on a canvas at twice its size, on white, and saved as PNG.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The element's subtree with every element's computed style written inline (no stylesheet needed). */
function inlineStyled(source: Element): Element {
  const copy = source.cloneNode(true) as Element;
  const from = [source, ...source.querySelectorAll('*')];
  const to = [copy, ...copy.querySelectorAll('*')];
  from.forEach((el, i) => {
    const target = to[i] as HTMLElement | SVGElement;
    if (!target.style) return;
    const computed = getComputedStyle(el);
    let css = '';
    for (let j = 0; j < computed.length; j++) {
      const name = computed[j];
      css += `${name}:${computed.getPropertyValue(name)};`;
    }
    target.setAttribute('style', css);
  });
  return copy;
}

/** An SVG document of the chart: its own SVG when ECharts drew it alone, else its HTML in a foreignObject. */
export function chartSvgSource(chart: Element): { source: string; width: number; height: number } {
  const { width, height } = chart.getBoundingClientRect();
  const svgs = chart.querySelectorAll('svg');
  const onlyEcharts = svgs.length === 1 && !chart.querySelector('table, .big-number');
  if (onlyEcharts) {
    const svg = svgs[0];
    const box = svg.getBoundingClientRect();
    return { source: new XMLSerializer().serializeToString(svg), width: box.width, height: box.height };
  }
  const html = new XMLSerializer().serializeToString(inlineStyled(chart));
  const source = `<svg xmlns="${SVG_NS}" width="${Math.ceil(width)}" height="${Math.ceil(height)}"><foreignObject x="0" y="0" width="100%" height="100%">${html}</foreignObject></svg>`;
  return { source, width, height };
}

/** The chart as a PNG blob, drawn at `scale` times its size on a white background. */
export async function chartPngBlob(chart: Element | null, scale = 2): Promise<Blob> {
  if (!chart || !chart.firstElementChild) throw new Error('This chart has nothing drawn to download yet.');
  const { source, width, height } = chartSvgSource(chart);
  if (width <= 0 || height <= 0) throw new Error('This chart has nothing drawn to download yet.');
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width * scale);
  canvas.height = Math.ceil(height * scale);
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The chart could not be drawn as an image.');
  return blob;
}
