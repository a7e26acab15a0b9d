// The "Load schedule…" dialog: pick a file, or paste (or edit) JSON and load it. Failures are the
// store's notices; the dialog closes once a schedule is loaded.

import { useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { SCHEDULE_FORMAT } from '../../core/schedule';
import { useSim } from '../StoreContext';
import { useReturnFocus } from '../inspector/useReturnFocus';
import { readScheduleFile } from './readScheduleFile';
import { EDITABLE_TRANSFERS, isEditable, scheduleJson } from './scheduleJson';

const PASTED_NAME = 'pasted schedule';

export function LoaderDialog({ onClose }: { onClose(): void }) {
  const loadSchedule = useSim((s) => s.loadSchedule);
  const notify = useSim((s) => s.notify);
  const schedule = useSim((s) => s.derived?.schedule ?? null);
  const [text, setText] = useState('');
  const panel = useRef<HTMLDivElement>(null);
  const ids = useId();
  useReturnFocus(panel);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file && (await readScheduleFile(file, { loadSchedule, notify }))) onClose();
  };
  const onLoad = () => {
    if (text.trim() === '') {
      notify('error', 'Paste a schedule (JSON) into the box first');
      return;
    }
    if (loadSchedule(text, PASTED_NAME)) onClose();
  };
  const editable = schedule !== null && isEditable(schedule);

  return (
    <div ref={panel} className="gs-loader-dialog gs-panel" role="dialog" aria-modal="false" aria-labelledby={`${ids}-title`} tabIndex={-1} onKeyDown={onKeyDown}>
      <header className="gs-loader-header">
        <h2 id={`${ids}-title`}>Load a schedule</h2>
        <button type="button" className="gs-icon-button" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      <label className="gs-loader-file">
        <span>From a file</span>
        <input type="file" accept=".json,application/json" onChange={(event) => void onFile(event)} data-autofocus />
      </label>
      <label className="gs-loader-paste" htmlFor={`${ids}-text`}>
        Or paste JSON
      </label>
      <textarea
        id={`${ids}-text`}
        className="gs-loader-text"
        value={text}
        onChange={(event) => setText(event.target.value)}
        spellCheck={false}
        wrap="off"
        rows={10}
        placeholder={`{ "format": "${SCHEDULE_FORMAT}", "collective": "allreduce", … }`}
      />
      <div className="gs-loader-actions">
        <button type="button" className="gs-button gs-primary" onClick={onLoad}>
          Load
        </button>
      </div>
      <p className="gs-loader-note" id={`${ids}-note`}>
        A <code>{SCHEDULE_FORMAT}</code> file lists <code>devices</code>, <code>chunks</code> and <code>steps</code>; each step's{' '}
        <code>transfers</code> <code>{'{src, dst, chunk, op}'}</code> (<code>op</code>: <code>"reduce"</code> or <code>"copy"</code>) run at once, reading
        their sources as they stood when the step began. It is verified on load; a wrong one still runs, its first violation marked.{' '}
        <button
          type="button"
          className="gs-link"
          disabled={!editable}
          title={schedule && !editable ? `over ${EDITABLE_TRANSFERS.toLocaleString('en-US')} transfers: too long to edit here` : undefined}
          onClick={() => schedule && setText(scheduleJson(schedule))}
        >
          Start from the current schedule
        </button>
      </p>
    </div>
  );
}
