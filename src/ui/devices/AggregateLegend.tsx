// The aggregate view's key (completeness colours, traffic) and a keyboard way to inspect a device.

import { useState, type FormEvent } from 'react';

export interface AggregateLegendProps {
  devices: number;
  messages: number;
  shownMessages: number;
  onInspect(device: number): void;
}

export function AggregateLegend({ devices, messages, shownMessages, onInspect }: AggregateLegendProps) {
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
        share of contributions held, averaged over chunks
      </span>
      <span className="gs-dv-key">
        <span className="gs-dv-key-complete" aria-hidden="true" />
        complete
      </span>
      <span className="gs-dv-key">
        <span className="gs-dv-key-line gs-dv-key-line--reduce" aria-hidden="true" />
        reduce
        <span className="gs-dv-key-line gs-dv-key-line--copy" aria-hidden="true" />
        copy
        {messages > 0 && (
          <span className="gs-dv-key-note">{shownMessages < messages ? `${shownMessages} of ${messages} messages drawn` : `${messages} messages`}</span>
        )}
      </span>
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
