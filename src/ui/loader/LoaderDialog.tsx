// The "Load schedule…" dialog: pick a file, or paste (or edit) JSON and load it; an nccl-tests log,
// told apart by its content, goes to its comparison with the model instead, and NCCL's own log or
// dump to the view of what NCCL built (two examples of which it offers). What is wrong with a
// file or the pasted text is said inside the dialog, next to where it came from; the dialog stays
// open with the text kept, and closes once a schedule or a log is loaded. Where a problem names a
// line, the text is in the box with that line marked; opened from a fault, the box holds the loaded
// schedule's text with the line of the transfer that broke it marked, ready to fix and load again.

import { useInView } from '../useInView';
import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { lineText, problemLine } from '../../core/formats';
import { SCHEDULE_FORMAT } from '../../core/schedule';
import { useSim } from '../StoreContext';
import { useReturnFocus } from '../inspector/useReturnFocus';
import { loadText, readLoadable, type Loaded } from './loadText';
import { ProblemLine } from './ProblemLine';
import { SourceBox } from './SourceBox';
import { EDITABLE_TRANSFERS, isEditable, scheduleJson } from './scheduleJson';

/** A problem with what was read, and which input it belongs next to. */
interface Problem {
  source: 'file' | 'paste';
  message: string;
}

/** A loaded schedule's text opened at a line, and what that line is. */
export interface MarkedSource {
  text: string;
  line: number;
  note: string;
}

export function LoaderDialog({ onClose, source }: { onClose(): void; source?: MarkedSource }) {
  const loadSchedule = useSim((s) => s.loadSchedule);
  const loadNcclTestsLog = useSim((s) => s.loadNcclTestsLog);
  const loadNcclBuild = useSim((s) => s.loadNcclBuild);
  const schedule = useSim((s) => s.derived?.schedule ?? null);
  const [text, setText] = useState(source?.text ?? '');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [mark, setMark] = useState<{ line: number; note: string | null } | null>(source ? { line: source.line, note: source.note } : null);
  const panel = useRef<HTMLDivElement>(null);
  const ids = useId();
  useReturnFocus(panel);
  useInView(panel);
  // Opened from a fault far down the page: the dialog, title first, is brought on screen.
  const fromFault = source !== undefined;
  useEffect(() => {
    if (fromFault) panel.current?.scrollIntoView({ block: 'start' });
  }, [fromFault]);

  const loader = { loadSchedule, loadNcclTestsLog, loadNcclBuild };
  const settle = (loaded: Loaded, from: Problem['source'], read: string) => {
    if (loaded.ok) return onClose();
    const line = problemLine(read, loaded.reason);
    // A file's problem at a line is shown in its text, in the box, where it can be fixed.
    if (line !== null && from === 'file') setText(read);
    setProblem({ source: line === null ? from : 'paste', message: loaded.reason });
    setMark(line === null ? null : { line, note: null });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // Loaded and closed in one go once read, as a pasted text is.
    const read = await readLoadable(file);
    if (!read.ok) setProblem({ source: 'file', message: read.reason });
    else settle(loadText(loader, read.text, file.name), 'file', read.text);
  };
  // An example of NCCL's own output, fetched from beside the app and loaded as a file would be.
  const onExample = async (file: string) => {
    try {
      const response = await fetch(new URL(`examples/${file}`, document.baseURI));
      if (!response.ok) throw new Error(String(response.status));
      const read = await response.text();
      settle(loadText(loader, read, file), 'file', read);
    } catch {
      setProblem({ source: 'file', message: `${file} could not be fetched from beside the app` });
    }
  };
  const onLoad = () => {
    if (text.trim() === '')
      setProblem({ source: 'paste', message: 'Paste a schedule (JSON or MSCCL XML), an nccl-tests log or NCCL’s own log into the box first' });
    else settle(loadText(loader, text, null), 'paste', text);
  };
  const editable = schedule !== null && isEditable(schedule);
  // The marked line quoted whole, where the box may cut it off: read up to that line only.
  const quoted = mark?.note ? lineText(text, mark.line).trim() : '';
  const problemId = `${ids}-problem`;
  const fileProblem = problem?.source === 'file' ? problem.message : null;
  const pasteProblem = problem?.source === 'paste' ? problem.message : null;

  return (
    <div
      ref={panel}
      className="gs-loader-dialog gs-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${ids}-title`}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <header className="gs-loader-header">
        <h2 id={`${ids}-title`}>Load a schedule or a log</h2>
        <button type="button" className="gs-icon-button" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      <label className="gs-loader-file">
        <span>From a file</span>
        <input
          type="file"
          accept=".json,.xml,.txt,.log,.out,application/json,application/xml,text/xml,text/plain"
          onChange={(event) => void onFile(event)}
          aria-invalid={fileProblem !== null}
          aria-describedby={fileProblem ? problemId : undefined}
          data-autofocus={source ? undefined : true}
        />
      </label>
      {fileProblem && <ProblemLine id={problemId} message={fileProblem} />}
      <p className="gs-loader-examples">
        Or try{' '}
        <button type="button" className="gs-link" onClick={() => void onExample('nccl-2x8-h100.log')}>
          a log of 16 ranks on 2 hosts
        </button>
        ,{' '}
        <button type="button" className="gs-link" onClick={() => void onExample('nccl-topo-h100.xml')}>
          a topology dump of one host
        </button>{' '}
        or{' '}
        <button
          type="button"
          className="gs-link"
          disabled={!editable}
          title={schedule && !editable ? `over ${EDITABLE_TRANSFERS.toLocaleString('en-US')} transfers: too long to edit here` : undefined}
          onClick={() => schedule && setText(scheduleJson(schedule))}
        >
          start from the current schedule
        </button>
        .
      </p>
      <label className="gs-loader-paste" htmlFor={`${ids}-text`}>
        Or paste JSON, MSCCL XML, an nccl-tests log or NCCL’s own log
      </label>
      <SourceBox
        id={`${ids}-text`}
        className="gs-loader-text"
        value={text}
        onChange={setText}
        mark={mark?.line ?? null}
        // Opened at a fault's line, the keyboard starts on it: the caret at the line, selected.
        data-autofocus={source ? true : undefined}
        selectMark={source !== undefined}
        aria-invalid={pasteProblem !== null}
        aria-describedby={[pasteProblem ? problemId : '', mark?.note ? `${ids}-mark` : ''].join(' ').trim() || undefined}
        spellCheck={false}
        wrap="off"
        rows={10}
        placeholder={`{ "format": "${SCHEDULE_FORMAT}", "collective": "allreduce", … }`}
      />
      {pasteProblem && <ProblemLine id={problemId} message={pasteProblem} />}
      {mark?.note && (
        <p className="gs-loader-mark-note" id={`${ids}-mark`}>
          <strong>Line {mark.line}</strong> (marked): {mark.note}
          {quoted && (
            <>
              <br />
              <code className="gs-loader-mark-line">{quoted}</code>
            </>
          )}
        </p>
      )}
      <div className="gs-loader-actions">
        <button type="button" className="gs-button gs-primary" onClick={onLoad}>
          Load
        </button>
      </div>
      <p className="gs-loader-note" id={`${ids}-note`}>
        A <code>{SCHEDULE_FORMAT}</code> file lists <code>devices</code>, <code>chunks</code> and <code>steps</code>; each step's <code>transfers</code>{' '}
        <code>{'{src, dst, chunk, op}'}</code> (<code>op</code>: <code>"reduce"</code> or <code>"copy"</code>) run at once, reading their sources as they stood
        when the step began. An MSCCL XML algorithm (<code>{'<algo>'}</code>) is read too. It is verified on load; a wrong one still runs, its first violation
        marked. The output of an nccl-tests binary (<code>all_reduce_perf</code>, …) is fitted and shown against the model instead, the schedule staying as it
        is. NCCL’s own log (<code>NCCL_DEBUG=INFO</code>) and its XML dumps (<code>NCCL_TOPO_DUMP_FILE</code>, <code>NCCL_GRAPH_DUMP_FILE</code>) show what NCCL
        built: each channel’s ring and tree, ready to play.
      </p>
    </div>
  );
}
