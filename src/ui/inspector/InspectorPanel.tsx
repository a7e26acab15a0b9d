// The inspector of one device: a non-modal side panel with its chunks' contributions, its values
// (heat strip and table) and a verdict. Escape or the close button closes it; focus moves in on
// open and back on close. It reads nothing itself: the store reads back while a device is inspected.

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { deviceLabel, deviceLetter } from '../../core/notation';
import type { Schedule } from '../../core/schedule';
import type { EngineStatus } from '../../store/engineRunner';
import { useSim } from '../StoreContext';
import { deviceColor } from '../palette';
import { ChunkList } from './ChunkList';
import { InspectorValues } from './InspectorValues';
import { useDeviceReadout } from './useDeviceReadout';
import { useReturnFocus } from './useReturnFocus';

function engineText(engine: EngineStatus | null): string {
  if (!engine || !engine.active) return 'engine starting…';
  if (engine.active === 'webgpu') return `WebGPU${engine.adapter ? ` · ${engine.adapter}` : ''}`;
  return 'CPU engine';
}

export function InspectorPanel({ device, schedule }: { device: number; schedule: Schedule }) {
  const step = useSim((s) => s.step);
  const op = useSim((s) => s.config.op);
  const elements = useSim((s) => s.config.elements);
  const engine = useSim((s) => s.engine);
  const readout = useSim((s) => s.readout);
  const inspect = useSim((s) => s.inspect);
  const panel = useRef<HTMLElement>(null);
  const [selected, setSelected] = useState<number | null>(null);
  useReturnFocus(panel);

  const data = useDeviceReadout(schedule, op, elements, device, step, readout);
  const chunks = schedule.chunks;
  useEffect(() => {
    if (selected !== null && selected >= chunks) setSelected(null);
  }, [selected, chunks]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    inspect(null);
  };
  const name = deviceLabel(device);
  const steps = schedule.steps.length;

  return (
    <section ref={panel} className="gs-inspector gs-panel" role="dialog" aria-modal="false" aria-label={`${name} inspector`} tabIndex={-1} onKeyDown={onKeyDown}>
      <header className="gs-inspector-header">
        <span className="gs-inspector-swatch" style={{ background: deviceColor(device, schedule.devices) }} aria-hidden="true" />
        <h2 className="gs-inspector-title">
          {name} <span className="gs-inspector-letter">({deviceLetter(device)})</span>
        </h2>
        <button type="button" className="gs-icon-button" aria-label="Close inspector" title="Close (Esc)" onClick={() => inspect(null)} data-autofocus>
          ×
        </button>
      </header>
      <p className="gs-inspector-meta">
        <span>
          step {Math.min(step, steps)} of {steps}
        </span>
        <span>{engineText(engine)}</span>
        {schedule.algorithm && <span>{schedule.algorithm}</span>}
      </p>
      {data.values ? (
        <p className={`gs-verdict gs-tone-${data.values.verdict.tone}`}>
          <span aria-hidden="true">{data.values.verdict.tone === 'ok' ? '✓' : data.values.verdict.tone === 'bad' ? '✗' : '•'}</span> {data.values.verdict.text}
        </p>
      ) : (
        <p className="gs-verdict gs-loading" role="status">
          Reading {name}'s buffer…
        </p>
      )}
      <h3 className="gs-inspector-section">Chunks{data.contributions.ordered ? '' : ' (contributions by device)'}</h3>
      <ChunkList
        devices={schedule.devices}
        offsets={data.offsets}
        contributions={data.contributions}
        required={data.required}
        atEnd={data.atEnd}
        flagged={data.values?.flagged ?? []}
        selected={selected}
        onSelect={setSelected}
      />
      <h3 className="gs-inspector-section">Values</h3>
      {data.values ? (
        <InspectorValues data={data} values={data.values} elements={elements} selected={selected} onSelect={setSelected} name={name} />
      ) : (
        <p className="gs-loading">Loading values…</p>
      )}
    </section>
  );
}
