// The inspector of one device: a non-modal side panel with its chunks' contributions, its values
// (heat strip and table) and a verdict, following the step shown. The player's keys and buttons keep
// working while it is open, so a device can be watched changing; Escape or the close button closes
// it, and focus moves in on open (to the panel, where Space still plays) and back on close. It reads
// nothing itself: the store reads back while a device is inspected.

import { useCallback, useEffect, useRef, useState } from 'react';
import { deviceLabel, deviceLetter } from '../../core/notation';
import type { Schedule } from '../../core/schedule';
import type { EngineStatus } from '../../store/engineRunner';
import { useSim } from '../StoreContext';
import { deviceColor } from '../palette';
import { ChunkList } from './ChunkList';
import { InspectorValues } from './InspectorValues';
import { ReductionOrder } from './order/ReductionOrder';
import { useDeviceReadout } from './useDeviceReadout';
import { useEscapeClose } from './useEscapeClose';
import { useHeldValues } from './useHeldValues';
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
  const close = useCallback(() => inspect(null), [inspect]);
  useReturnFocus(panel);
  useEscapeClose(panel, close);

  const data = useDeviceReadout(schedule, op, elements, device, step, readout);
  const held = useHeldValues(data, device);
  const chunks = schedule.chunks;
  useEffect(() => {
    if (selected !== null && selected >= chunks) setSelected(null);
  }, [selected, chunks]);

  const name = deviceLabel(device);
  const steps = schedule.steps.length;

  return (
    <section ref={panel} className="gs-inspector gs-panel" role="dialog" aria-modal="false" aria-label={`${name} inspector`} tabIndex={-1} data-player-keys>
      <header className="gs-inspector-header">
        <span className="gs-inspector-swatch" style={{ background: deviceColor(device, schedule.devices) }} aria-hidden="true" />
        <h2 className="gs-inspector-title">
          {name} <span className="gs-inspector-letter">({deviceLetter(device, schedule.devices)})</span>
        </h2>
        <button type="button" className="gs-icon-button" aria-label="Close inspector" title="Close (Esc)" onClick={close}>
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
      {held ? (
        <div className={held.stale ? 'gs-inspector-values gs-stale' : 'gs-inspector-values'} aria-busy={held.stale}>
          <InspectorValues data={held.data} values={held.values} elements={elements} selected={selected} onSelect={setSelected} name={name} />
        </div>
      ) : (
        <p className="gs-loading">Loading values…</p>
      )}
      <ReductionOrder schedule={schedule} device={device} chunk={selected} />
    </section>
  );
}
