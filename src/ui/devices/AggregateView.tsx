// Beyond what cards can show: every device as a mark, coloured by how complete it is, in its
// algorithm's structure (a ring with the schedule's progress in its middle, the trees' depth bands,
// halving-doubling's partners round by round, or blocks per node), with the step's busy links as a
// heat. Completeness is counted step by step (useAggregateProgress.ts), never replayed from the start.

import { useEffect, useMemo, useRef, type MouseEvent } from 'react';
import { compileSchedule, type Schedule } from '../../core/schedule';
import { afterFrame } from '../../store/tasks';
import { useSim } from '../StoreContext';
import { AggregateLegend } from './AggregateLegend';
import { aggregateLabel } from './aggregateLabel';
import { deviceAt, gridMarks, ringMarks, type AggregateMarks } from './layout/aggregateMarks';
import { aggregateStructure, treeOfChunk, type AggregateStructure } from './layout/aggregateStructure';
import { stepHeat } from './layout/linkHeat';
import { treeMarks } from './layout/treeMarks';
import { flaggedAt } from './card/chunkViews';
import { canvasToPaint } from './paint/canvasPaint';
import { averageOf, drawAggregate, readPalette, type AggregatePalette } from './paint/drawAggregate';
import { FALLBACK_SIZE } from './layout/fallbackSize';
import { useAggregateProgress } from './useAggregateProgress';
import { useElementSize } from './useElementSize';
import { useThemeVersion } from './useThemeVersion';
import { deviceLabel } from '../../core/notation';

function marksFor(schedule: Schedule, structure: AggregateStructure, width: number, height: number): AggregateMarks {
  const perNode = schedule.devicesPerNode;
  const size = { width, height };
  if (structure.kind === 'trees') return treeMarks(structure.trees, schedule.devices, size);
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
  // A schedule the app built is counted; a loaded one may hold a contribution twice, and is replayed.
  const built = useSim((s) => s.custom === null);
  const [stageRef, size] = useElementSize<HTMLDivElement>(FALLBACK_SIZE);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const theme = useThemeVersion(stageRef);
  // Resolved once per theme: the variables hold light-dark() pairs a canvas cannot read.
  const palette = useRef<{ theme: number; colors: AggregatePalette } | null>(null);
  const shown = Math.min(step, schedule.steps.length);
  const compiled = compileSchedule(schedule);

  const structure = useMemo(() => aggregateStructure(schedule), [schedule]);
  const marks = useMemo(() => marksFor(schedule, structure, size.width, size.height), [schedule, structure, size.width, size.height]);
  // Each chunk's lane: the tree that carries it.
  const lanes = useMemo(
    () => (structure.kind === 'trees' ? Uint8Array.from({ length: schedule.chunks }, (_, c) => treeOfChunk(structure, c)) : null),
    [structure, schedule.chunks],
  );
  const { completeness, progress, reading } = useAggregateProgress(schedule, shown, built && compiled.plain, lanes);
  const heat = useMemo(() => stepHeat(compiled, shown - 1, lanes), [compiled, shown, lanes]);
  // The next step's heat is read once this one is drawn, as its progress is.
  useEffect(() => {
    if (shown >= compiled.steps) return;
    const ahead = afterFrame(() => stepHeat(compiled, shown, lanes));
    return () => ahead.cancel();
  }, [compiled, shown, lanes]);
  // Every device holding a wrong chunk at this step, as the cards show them below 64 devices.
  const wrong = useMemo(() => flaggedAt(verification, schedule, shown), [verification, schedule, shown]);
  const flagged = useMemo(() => [...(wrong?.devices ?? [])], [wrong]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas && canvasToPaint(canvas, size);
    if (!ctx) return;
    if (palette.current?.theme !== theme) palette.current = { theme, colors: readPalette(canvas) };
    const scene = { marks, structure, completeness, progress, chunks: schedule.chunks, step: shown, heat, inspected, flagged };
    drawAggregate(ctx, size, scene, palette.current.colors);
  }, [size, marks, structure, completeness, progress, schedule.chunks, shown, heat, inspected, flagged, theme]);

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

  const label = aggregateLabel({ schedule, marks, structure, shown, average: averageOf(completeness), progress, heat, flagged: flagged.length });
  const trees = structure.kind === 'trees' ? structure.trees : [];
  const picture = marks.kind === 'grid' ? 'nodes' : structure.kind;
  return (
    <>
      <div className="gs-devices-stage" ref={stageRef}>
        <canvas
          ref={canvasRef}
          className="gs-devices-canvas"
          role="img"
          aria-label={label}
          data-structure={picture}
          data-depths={trees.length > 0 ? trees.map((tree) => tree.perDepth.length).join(' ') : undefined}
          data-depth-devices={trees.length > 0 ? trees.map((tree) => tree.perDepth.join(',')).join(' ') : undefined}
          data-busy-links={heat.busy}
          data-busiest-link={heat.most}
          data-drawn-links={heat.src.length}
          data-chunks-reduced={progress?.chunksReduced}
          data-chunks-shared={progress?.chunksShared}
          data-partners-apart={structure.kind === 'partners' && shown > 0 ? structure.distance[shown - 1] : undefined}
          style={{ width: size.width, height: size.height }}
          onClick={onClick}
          onMouseMove={onMove}
        />
      </div>
      <div className="gs-devices-footer">
        <AggregateLegend devices={schedule.devices} picture={picture} trees={trees} counted={progress !== null} heat={heat} onInspect={inspect} />
        {reading !== null && (
          <p className="gs-devices-reading" role="status">
            Reading step {shown}… (step {reading} of {schedule.steps.length} read)
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
