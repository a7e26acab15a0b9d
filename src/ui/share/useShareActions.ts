// What each entry of the share menu does. State is read when the entry is chosen (never subscribed),
// failures become the store's notices, and the status line says what happened.

import { cliCommand } from './cliCommand';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { GradsyncError } from '../../core/errors';
import { stepDurationMs, totalSteps } from '../../store/simStore';
import { useSimStore } from '../StoreContext';
import { copyText } from './clipboard';
import { downloadBlob } from './download';
import { ExportUnavailable, mscclBlob, pictureOf, pngBlob, scheduleBlob, svgBlob, torchBlob, traceBlob, traceFileWhat } from './exportFiles';
import { simulatorRoot } from './picture';
import { embedScriptUrl, embedToShare, exportName, linkToShare, type ShareText, type Shown } from './shareText';
import { useGifRecorder } from './useGifRecorder';

/** Text the clipboard refused: shown selected in a read-only field for the person to copy. */
export interface CopyFallback {
  label: string;
  text: string;
}

/** What the status line says: what happened, or why a copy was refused. */
export interface ShareStatus {
  text: string;
  tone: 'done' | 'refused';
}

const SILENT: ShareStatus = { text: '', tone: 'done' };

export function useShareActions(anchor: RefObject<HTMLElement | null>) {
  const store = useSimStore();
  const [status, setStatus] = useState<ShareStatus>(SILENT);
  const [fallback, setFallback] = useState<CopyFallback | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);

  const say = useCallback((text: string, tone: ShareStatus['tone'] = 'done') => mounted.current && setStatus({ text, tone }), []);
  const fail = useCallback(
    (error: unknown) => {
      const known = error instanceof ExportUnavailable || error instanceof GradsyncError;
      const text = known ? (error as Error).message : `Export failed: ${error instanceof Error ? error.message : String(error)}`;
      store.getState().notify(known ? 'warning' : 'error', text);
      say('');
    },
    [store, say],
  );

  const context = useCallback(() => {
    const element = anchor.current;
    const state = store.getState();
    if (!element || !state.derived) throw new ExportUnavailable('There is nothing to export: no schedule is shown');
    const { schedule } = state.derived;
    const doc = element.ownerDocument;
    const name = (what: string, extension: string) => exportName(schedule.algorithm, schedule.devices, what, extension);
    const title = `gradsync: ${schedule.algorithm} on ${schedule.devices} devices, step ${state.step} of ${totalSteps(state)}`;
    const shown: Shown = { config: state.config, step: state.step, schedule: state.custom?.schedule ?? null };
    return { element, state, shown, derived: state.derived, doc, win: doc.defaultView ?? window, name, title, root: simulatorRoot(element) };
  }, [anchor, store]);

  const save = useCallback(
    (blob: Blob, fileName: string, doc: Document) => {
      if (!downloadBlob(blob, fileName, doc)) throw new ExportUnavailable('Saving files is not available in this browser');
      say(`Saved ${fileName}`);
    },
    [say],
  );

  const run = useCallback(
    (action: () => Promise<void> | void) => async () => {
      try {
        await action();
      } catch (error) {
        fail(error);
      }
    },
    [fail],
  );

  const copy = useCallback(
    async (label: string, shared: ShareText, win: Window & typeof globalThis) => {
      setFallback(null);
      // Refused where the user clicked: a loaded schedule too large to travel is never swapped for something else.
      if ('refusal' in shared) {
        say(shared.refusal, 'refused');
        return;
      }
      const { text } = shared;
      if ((await copyText(text, win)) === 'copied') {
        say(`Copied ${label.toLowerCase()}`);
        return;
      }
      if (!mounted.current) return;
      setFallback({ label, text });
      say('');
      store.getState().notify('info', `The clipboard is not available here: the ${label.toLowerCase()} is selected below for you to copy`);
    },
    [say, store],
  );

  const gif = useGifRecorder(store, say, fail);

  return {
    status,
    fallback,
    recording: gif.progress,
    cancelRecording: gif.cancel,
    copyLink: run(async () => {
      const { win, shown } = context();
      await copy('Link', linkToShare(win.location.origin, win.location.pathname, shown), win);
    }),
    copyEmbed: run(async () => {
      const { win, shown } = context();
      await copy('Embed code', embedToShare(embedScriptUrl(win.location.origin, win.location.pathname), shown), win);
    }),
    copyCommand: run(async () => {
      const { win, state, derived, name } = context();
      // A loaded schedule runs from its file, the one "Download schedule (JSON)" saves.
      const command = cliCommand(state.config, derived, state.custom ? name('schedule', 'json') : null);
      await copy('Command line', { text: command }, win);
    }),
    downloadTrace: run(() => {
      const { derived, state, doc, name } = context();
      // Timed as the timeline shows it, as soon as ready when its switch says so.
      const timing = state.timelineTiming;
      save(traceBlob(derived, state.config.elements, timing), name(traceFileWhat(timing), 'json'), doc);
    }),
    downloadSchedule: run(() => {
      const { derived, doc, name } = context();
      save(scheduleBlob(derived), name('schedule', 'json'), doc);
    }),
    downloadTorch: run(() => {
      const { derived, state, doc, name } = context();
      save(torchBlob(derived, state.config.op), name('torch', 'py'), doc);
    }),
    downloadMscclXml: run(() => {
      const { derived, doc, name } = context();
      save(mscclBlob(derived), name('msccl', 'xml'), doc);
    }),
    downloadSvg: run(async () => {
      const { root, doc, name, title, state } = context();
      save(await svgBlob(pictureOf(root), title, state), name(`step${state.step}`, 'svg'), doc);
    }),
    downloadPng: run(async () => {
      const { root, doc, name, title, state } = context();
      save(await pngBlob(pictureOf(root), title, state), name(`step${state.step}`, 'png'), doc);
    }),
    recordGif: run(async () => {
      const { root, doc, win, name, title, state } = context();
      const blob = await gif.record(root, win, title, stepDurationMs(state));
      if (blob) save(blob, name('', 'gif'), doc);
    }),
  };
}
