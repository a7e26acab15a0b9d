// Beyond what cards can show: every device as a mark on a ring (or in its node's block), coloured
// by how complete it is, with the step's traffic as thin curves. Completeness comes from the store's
// step tracker, which moves step by step, so playing never replays the schedule from the start.

import { useEffect, useMemo, useReducer, useRef, type MouseEvent } from 'react';
import { compileSchedule, type Schedule, type Transfer } from '../../core/schedule';
import { useSim } from '../StoreContext';
import { useStepReader } from '../useStepReader';
import { AggregateLegend } from './AggregateLegend';
import { deviceAt, gridMarks, ringMarks, type AggregateMarks } from './layout/aggregateMarks';
import { flaggedAt } from './card/chunkViews';
import { canvasToPaint } from './paint/canvasPaint';
import { drawAggregate, readPalette, type AggregatePalette } from './paint/drawAggregate';
import { FALLBACK_SIZE } from './layout/fallbackSize';
import { pickCompiledStep } from './motion/sprites';
import { useElementSize } from './useElementSize';
import { useThemeVersion } from './useThemeVersion';
import { deviceLabel } from '../../core/notation';

/** Most traffic curves drawn per step. */
const MAX_TRAFFIC = 512;
const NO_TRANSFERS: Transfer[] = [];
/** A move that replays at most this many transfers is made at once; a longer one in slices. */
const AT_ONCE_TRANSFERS = 50_000;
/** How often a long replay shows how far it got (ms). */
const REDRAW_MS = 250;

function marksFor(schedule: Schedule, width: number, height: number): AggregateMarks {
  const perNode = schedule.devicesPerNode;
  const size = { width, height };
  if (perNode && perNode > 1 && perNode < schedule.devices && schedule.devices % perNode === 0) {
    return gridMarks(schedule.devices, perNode, size);
  }
  return ringMarks(schedule.devices, size);
}

export function AggregateView({ schedule }: { schedule: Schedule }) {
  const step = useSim((s) => s.step);
  const inspected = useSim((s) => s.inspected);
  const inspect = useSim((s) => s.inspect);
  const verification = useSim((s) => s.derived?.verification ?? null);
  const [stageRef, size] = useElementSize<HTMLDivElement>(FALLBACK_SIZE);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const theme = useThemeVersion(stageRef);
  // Resolved once per theme: the variables hold light-dark() pairs a canvas cannot read.
  const palette = useRef<{ theme: number; colors: AggregatePalette } | null>(null);
  const shown = Math.min(step, schedule.steps.length);

  const marks = useMemo(() => marksFor(schedule, size.width, size.height), [schedule, size.width, size.height]);
  const slot = useStepReader();
  // A long replay (the end of a ring on 1024 devices) is read a slice per task, and the picture is
  // redrawn with the completeness reached so far only now and then: a redraw costs more than a slice.
  // A step seen before, or read ahead of, is drawn from what was kept of it, and the first step's
  // start needs no replay at all.
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  let known = slot.completenessAt(schedule, shown);
  if (!known) {
    const tracker = slot.trackerOf(schedule);
    if (tracker.workTo(shown) <= AT_ONCE_TRANSFERS) {
      tracker.seek(shown);
      known = slot.completenessAt(schedule, shown);
    }
  }
  const reading = known === null;
  // Completeness counts whole steps only: while reading, that of the last step the tracker finished.
  const completeness = known ?? slot.completenessAt(schedule, slot.trackerOf(schedule).position)!;
  useEffect(() => {
    // Resting at the step: the next one is read ahead while nothing else happens.
    if (!reading) return slot.readAhead(schedule, shown);
    const tracker = slot.trackerOf(schedule);
    let shownAt = performance.now();
    const unsubscribe = slot.subscribe(() => {
      if (tracker.position === shown || performance.now() - shownAt > REDRAW_MS) {
        shownAt = performance.now();
        redraw();
      }
    });
    const stop = slot.readToward(schedule, shown);
    return () => {
      stop();
      unsubscribe();
    };
  }, [slot, schedule, shown, reading]);
  // Read from the compiled arrays: naive's one step on 1024 devices is a million transfers.
  const compiled = compileSchedule(schedule);
  const messages = shown > 0 ? compiled.stepStart[shown] - compiled.stepStart[shown - 1] : 0;
  const traffic = useMemo(() => (shown > 0 ? pickCompiledStep(compiled, shown - 1, MAX_TRAFFIC) : NO_TRANSFERS), [compiled, shown]);
  // The next step's traffic is picked while the page is idle, as its completeness is read ahead.
  useEffect(() => {
    if (shown >= compiled.steps || typeof requestIdleCallback !== 'function') return;
    const idle = requestIdleCallback(() => pickCompiledStep(compiled, shown, MAX_TRAFFIC), { timeout: 1000 });
    return () => cancelIdleCallback(idle);
  }, [compiled, shown]);
  // Every device holding a wrong chunk at this step, as the cards show them below 64 devices.
  const wrong = useMemo(() => flaggedAt(verification, schedule, shown), [verification, schedule, shown]);
  const flagged = useMemo(() => [...(wrong?.devices ?? [])], [wrong]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas && canvasToPaint(canvas, size);
    if (!ctx) return;
    if (palette.current?.theme !== theme) palette.current = { theme, colors: readPalette(canvas) };
    drawAggregate(ctx, size, { marks, completeness, traffic, inspected, flagged }, palette.current.colors);
  }, [size, marks, completeness, traffic, inspected, flagged, theme]);

  const pointAt = (event: MouseEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return deviceAt(marks, event.clientX - box.left, event.clientY - box.top);
  };
  const onClick = (event: MouseEvent<HTMLCanvasElement>) => {
    const d = pointAt(event);
    if (d >= 0) inspect(d);
  };
  const onMove = (event: MouseEvent<HTMLCanvasElement>) => {
    const d = pointAt(event);
    event.currentTarget.title = d >= 0 ? `${deviceLabel(d)}: ${Math.round(completeness[d] * 100)}% of contributions held` : '';
    event.currentTarget.style.cursor = d >= 0 ? 'pointer' : 'default';
  };

  const average = completeness.reduce((sum, c) => sum + c, 0) / Math.max(1, schedule.devices);
  const shape = marks.kind === 'ring' ? 'a ring, GPU-0 at the top and the rest clockwise' : 'blocks, one per node';
  const picture = `${schedule.devices} devices as marks on ${shape}, coloured by how complete they are`;
  const held = `${Math.round(average * 100)}% of contributions held on average at step ${shown} of ${schedule.steps.length}.`;
  const outlined = flagged.length === 0 ? '' : ` ${flagged.length} ${flagged.length === 1 ? 'device holds' : 'devices hold'} a wrong chunk, outlined in red.`;
  const label = `${picture}: ${held}${outlined}`;
  return (
    <>
      <div className="gs-devices-stage" ref={stageRef}>
        <canvas
          ref={canvasRef}
          className="gs-devices-canvas"
          role="img"
          aria-label={label}
          style={{ width: size.width, height: size.height }}
          onClick={onClick}
          onMouseMove={onMove}
        />
      </div>
      <div className="gs-devices-footer">
        <AggregateLegend devices={schedule.devices} messages={messages} shownMessages={traffic.length} onInspect={inspect} />
        {reading && (
          <p className="gs-devices-reading" role="status">
            Reading step {shown}… (step {slot.trackerOf(schedule).position} of {schedule.steps.length} read)
          </p>
        )}
        {wrong && (
          <p className="gs-devices-violation" role="status">
            <span aria-hidden="true">✗ </span>
            {wrong.verdict}
          </p>
        )}
      </div>
    </>
  );
}
