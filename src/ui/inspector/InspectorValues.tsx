// The values part of the inspector: heat strip of all K values, then the table of the first ones
// (or of the selected chunk), 64 more at a time.

import { useEffect, useState } from 'react';
import { HeatStrip } from './HeatStrip';
import type { DeviceReadout } from './useDeviceReadout';
import { ValuesTable } from './ValuesTable';

const PAGE = 64;

function chunkOfElement(offsets: Int32Array, element: number): number {
  let lo = 0;
  let hi = offsets.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (offsets[mid] <= element) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export interface InspectorValuesProps {
  data: DeviceReadout;
  values: NonNullable<DeviceReadout['values']>;
  elements: number;
  selected: number | null;
  onSelect(chunk: number | null): void;
  name: string;
}

export function InspectorValues({ data, values, elements, selected, onSelect, name }: InspectorValuesProps) {
  const [limit, setLimit] = useState(PAGE);
  useEffect(() => setLimit(PAGE), [selected]);
  const { offsets } = data;
  const from = selected === null ? 0 : offsets[selected];
  const count = selected === null ? elements : offsets[selected + 1] - offsets[selected];
  const caption =
    selected === null
      ? `${name}, elements 0–${elements - 1}; expected: the ${data.noun} of what each chunk holds`
      : `Chunk ${selected + 1} (elements ${from}–${from + count - 1}); expected: the ${data.noun} of ${data.contributions.expression(selected)}`;
  return (
    <>
      <HeatStrip values={values.device} offsets={offsets} selected={selected} flagged={values.flagged} onSelect={(c) => onSelect(c === selected ? null : c)} />
      <ValuesTable
        values={values.device}
        inputs={values.inputs}
        elements={elements}
        from={from}
        count={count}
        limit={limit}
        chunkOf={(element) => chunkOfElement(offsets, element)}
        termsOf={(chunk) => data.termsPerChunk[chunk]}
        how={data.how}
        caption={caption}
        onMore={() => setLimit((l) => l + PAGE)}
      />
    </>
  );
}
