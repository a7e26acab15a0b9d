// The share menu's panel: share (link, embed code, command line), export (trace, schedule, torch
// program, SVG, PNG, GIF) under a warning when the schedule does not verify, what happened,
// and the copy fallback or the GIF progress when there is one.

import { useInView } from '../useInView';
import { useId, useRef, type KeyboardEvent } from 'react';
import { useReturnFocus } from '../inspector/useReturnFocus';
import { useSim } from '../StoreContext';
import { CopyFallbackField } from './CopyFallbackField';
import { GifProgressBar } from './GifProgressBar';
import type { useShareActions } from './useShareActions';

export interface SharePanelProps {
  id: string;
  actions: ReturnType<typeof useShareActions>;
  onClose(): void;
}

export function SharePanel({ id, actions, onClose }: SharePanelProps) {
  const panel = useRef<HTMLDivElement>(null);
  const title = `${useId()}-title`;
  useReturnFocus(panel);
  useInView(panel);
  const busy = actions.recording !== null;
  const timing = useSim((s) => s.timelineTiming);
  const wrong = useSim((s) => s.derived?.verification?.ok === false);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };
  const item = (label: string, onClick: () => void, hint?: string, autofocus = false) => (
    <li>
      <button type="button" className="gs-share-item" onClick={onClick} disabled={busy} title={hint} data-autofocus={autofocus || undefined}>
        {label}
      </button>
    </li>
  );

  return (
    <div
      ref={panel}
      id={id}
      className="gs-share-panel gs-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby={title}
      aria-describedby={wrong ? `${title}-warning` : undefined}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <header className="gs-share-header">
        <h2 id={title}>Share &amp; export</h2>
        <button type="button" className="gs-icon-button" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      {wrong && (
        <p id={`${title}-warning`} className="gs-share-warning">
          <span aria-hidden="true">✗ </span>This schedule does not verify: what you share or download here runs it as it is, faults and all.
        </p>
      )}
      <ul className="gs-share-list" aria-label="Share">
        {item('Copy link', actions.copyLink, 'The address of this configuration at this step', true)}
        {item('Copy embed code', actions.copyEmbed, 'Two lines that put this simulation in any web page')}
        {item('Copy command line', actions.copyCommand, 'gradsync run with these settings: the same model time, algbw and busbw')}
      </ul>
      <ul className="gs-share-list" aria-label="Export">
        {item(
          'Download trace (JSON)',
          actions.downloadTrace,
          `The model timeline ${timing === 'dataflow' ? 'as soon as ready' : 'step by step'}, as the timeline shows it, for Perfetto or chrome://tracing`,
        )}
        {item('Download schedule (JSON)', actions.downloadSchedule, 'The gradsync schedule file of what is shown')}
        {item(
          'Download torch program (.py)',
          actions.downloadTorch,
          'Runs this schedule on torch.distributed: torchrun --nproc-per-node N file.py --elements K',
        )}
        {item('Download MSCCL XML', actions.downloadMscclXml, 'This algorithm for NCCL or RCCL with MSCCL: their executor runs it on real GPUs')}
        {item('Download SVG', actions.downloadSvg, 'The devices picture at this step')}
        {item('Download PNG', actions.downloadPng, 'The devices picture at this step, at twice its size')}
        {item('Record animation (GIF)', actions.recordGif, 'Every step from the start, as an animated GIF')}
      </ul>
      {actions.fallback && <CopyFallbackField fallback={actions.fallback} />}
      {actions.recording && <GifProgressBar progress={actions.recording} onCancel={actions.cancelRecording} />}
      <p className={`gs-share-status gs-share-status--${actions.status.tone}`} role="status" aria-live="polite">
        {actions.status.text}
      </p>
    </div>
  );
}
