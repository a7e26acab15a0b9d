// All K values of the inspected device as one strip of colour, chunk borders over it, and a legend.
// Drawn on a canvas (jsdom has none: there the strip stays blank and the legend still tells the range).

import { useEffect, useMemo, useRef, type MouseEvent } from 'react';
import { formatCount } from '../format';
import { heatScale, legendGradient, stripPixels } from './heatScale';
import { formatValue } from './numbers';

/** Above this many chunks the borders would merge into a grey band. */
const MAX_BORDERS = 128;
const MAX_COLUMNS = 512;

export interface HeatStripProps {
  values: Float32Array;
  offsets: Int32Array;
  selected: number | null;
  /** Chunks with values that differ from what is expected. */
  flagged: readonly number[];
  onSelect(chunk: number): void;
}

function context2d(canvas: HTMLCanvasElement | null): CanvasRenderingContext2D | null {
  if (!canvas || /jsdom/i.test(navigator.userAgent)) return null;
  return canvas.getContext('2d');
}

export function HeatStrip({ values, offsets, selected, flagged, onSelect }: HeatStripProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const scale = useMemo(() => heatScale(values), [values]);
  const columns = Math.max(1, Math.min(values.length, MAX_COLUMNS));
  const chunks = offsets.length - 1;
  const total = values.length;

  useEffect(() => {
    const context = context2d(canvasRef.current);
    if (!context) return;
    context.putImageData(new ImageData(stripPixels(values, columns, scale), columns, 1), 0, 0);
  }, [values, columns, scale]);

  const percent = (element: number) => `${(100 * element) / Math.max(1, total)}%`;
  const chunkAt = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const element = Math.floor(((event.clientX - box.left) / Math.max(1, box.width)) * total);
    let chunk = 0;
    while (chunk < chunks - 1 && offsets[chunk + 1] <= element) chunk++;
    onSelect(chunk);
  };

  return (
    <figure className="gs-heat">
      {/* Pointer shortcut only: the chunk list selects chunks by keyboard. */}
      <div className="gs-heat-strip" onClick={chunkAt}>
        <canvas
          ref={canvasRef}
          width={columns}
          height={1}
          role="img"
          aria-label={`Heat strip of ${formatCount(total)} values from ${formatValue(scale.min)} to ${formatValue(scale.max)}`}
        />
        {chunks <= MAX_BORDERS &&
          Array.from({ length: chunks }, (_, c) => (
            <div
              key={c}
              className={`gs-heat-chunk${c === selected ? ' gs-selected' : ''}${flagged.includes(c) ? ' gs-flagged' : ''}`}
              style={{ left: percent(offsets[c]), width: percent(offsets[c + 1] - offsets[c]) }}
              aria-hidden="true"
            />
          ))}
      </div>
      <figcaption className="gs-heat-legend">
        <span>min</span>
        <span className="gs-heat-number">{formatValue(scale.min)}</span>
        <span className="gs-heat-ramp" style={{ background: legendGradient(scale) }} aria-hidden="true" />
        <span className="gs-heat-number">{formatValue(scale.max)}</span>
        <span>max</span>
        {total >= 4 * columns && <span className="gs-heat-note">each column shows the most extreme of its ~{Math.round(total / columns)} values</span>}
      </figcaption>
    </figure>
  );
}
