// The aggregate view's key: completeness colours, the structure drawn (progress arcs, the trees' depth
// bands, partners by round, or node blocks), the heat of the step's links, and a keyboard way to
// inspect a device.

import { useState, type FormEvent } from 'react';
import type { TreeBands } from './layout/aggregateStructure';
import type { LinkHeat } from './layout/linkHeat';
import { HEAT_COLORS } from './paint/drawHeat';

type AggregatePicture = 'ring' | 'partners' | 'trees' | 'nodes';

export interface AggregateLegendProps {
  devices: number;
  picture: AggregatePicture;
  trees: readonly TreeBands[];
  /** Whether the progress arcs are drawn (a schedule the app built). */
  counted: boolean;
  heat: LinkHeat;
  onInspect(device: number): void;
}

const HEAT_RAMP = `linear-gradient(to right, ${HEAT_COLORS.join(', ')})`;
const count = (n: number) => n.toLocaleString('en-US');

function StructureKey({ picture, trees, counted }: Pick<AggregateLegendProps, 'picture' | 'trees' | 'counted'>) {
  if (picture === 'trees') {
    return (
      <span className="gs-dv-key" data-key="structure">
        {trees.map((tree, i) => (
          <span key={tree.label} className="gs-dv-key">
            <span className={`gs-dv-key-band gs-dv-key-band--tree${trees.length > 1 ? i : 0}`} aria-hidden="true" />
            {trees.length > 1 ? `tree ${i}` : 'tree'}
          </span>
        ))}
        depth bands, root innermost
      </span>
    );
  }
  if (picture === 'nodes') return <span className="gs-dv-key">blocks: one per node</span>;
  if (!counted) return null;
  return (
    <span className="gs-dv-key" data-key="structure">
      {picture === 'partners' && (
        <>
          <svg className="gs-dv-key-bars" viewBox="0 0 16 10" aria-hidden="true">
            <path d="M0 10V0h3v10zM5 10V4h3v6zM10 10V7h3v3z" />
          </svg>
          partners by round ·
        </>
      )}
      <span className="gs-dv-key-arc gs-dv-key-arc--reduced" aria-hidden="true" />
      arcs: chunks reduced
      <span className="gs-dv-key-arc gs-dv-key-arc--shared" aria-hidden="true" />
      shared
    </span>
  );
}

function HeatKey({ heat }: { heat: LinkHeat }) {
  const chunks = heat.most === 1 ? 'chunk' : 'chunks';
  const range = heat.least === heat.most ? `${count(heat.most)} ${chunks} a link` : `${count(heat.least)}–${count(heat.most)} ${chunks}`;
  const drawn = heat.src.length < heat.busy ? ` (${count(heat.src.length)} drawn)` : '';
  return (
    <span className="gs-dv-key" data-key="heat">
      <span className="gs-dv-key-heat" style={{ background: HEAT_RAMP }} aria-hidden="true" />
      link heat: chunks a link moves this step
      <span className="gs-dv-key-note">{heat.busy === 0 ? 'no links busy' : `${range} · ${count(heat.busy)} links busy${drawn}`}</span>
    </span>
  );
}

export function AggregateLegend({ devices, picture, trees, counted, heat, onInspect }: AggregateLegendProps) {
  const [value, setValue] = useState('0');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const device = Number(value);
    if (Number.isInteger(device) && device >= 0 && device < devices) onInspect(device);
  };
  return (
    <div className="gs-devices-legend gs-devices-legend--aggregate">
      <span className="gs-dv-key">
        <span className="gs-dv-key-ramp" aria-hidden="true" />
        {picture === 'trees' && counted ? 'share held of the chunks its tree carries' : 'share of contributions held'}
        <span className="gs-dv-key-complete" aria-hidden="true" />
        complete
      </span>
      <StructureKey picture={picture} trees={trees} counted={counted} />
      <HeatKey heat={heat} />
      <form className="gs-dv-inspect" onSubmit={submit}>
        <label>
          GPU
          <input type="number" min={0} max={devices - 1} step={1} value={value} onChange={(event) => setValue(event.target.value)} />
        </label>
        <button type="submit">Inspect</button>
      </form>
    </div>
  );
}
