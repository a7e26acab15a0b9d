// The detailed picture: links, device cards with their chunks, and the messages of each step
// travelling above them.

import { useCallback, useId, useMemo, useRef } from 'react';
import { compileSchedule, type Schedule, slotBuffers } from '../../core/schedule';
import { useSim, useSimStore } from '../StoreContext';
import { useStepCells } from '../useStepReader';
import { briefTexts, longestExpression } from './card/cardShape';
import { flaggedAt } from './card/chunkViews';
import { sendsBlocks } from './arrows/arrowBlocks';
import { CellCanvas } from './CellCanvas';
import { DeviceCard } from './DeviceCard';
import { deviceViews } from './card/deviceViews';
import { FALLBACK_SIZE } from './layout/fallbackSize';
import { DevicesLegend } from './DevicesLegend';
import { deviceLayout } from './layout/layouts';
import { geometryFor, layoutAspect } from './layout/pictureGeometry';
import { LinkLayer } from './LinkLayer';
import { SlotGradient } from './SlotRuns';
import { NO_SPRITES, planSprites } from './motion/sprites';
import type { OverlayHandle } from './motion/transferAnimator';
import { TransferOverlay } from './TransferOverlay';
import { useElementSize } from './useElementSize';
import { useShownStep } from './useShownStep';

/**
 * Up to this many cells, each is an SVG group whose stripes take exact device colours; beyond, the
 * cells are painted on a canvas over the cards (and never carry text: see longestExpression).
 */
const SVG_CELLS = 512;

export interface DeviceDiagramProps {
  schedule: Schedule;
}

export function DeviceDiagram({ schedule }: DeviceDiagramProps) {
  const store = useSimStore();
  const [stageRef, size] = useElementSize<HTMLDivElement>(FALLBACK_SIZE);
  const aspect = layoutAspect(size);
  const layout = useMemo(() => deviceLayout(schedule, aspect), [schedule, aspect]);
  const op = useSim((s) => s.config.op);
  const inspected = useSim((s) => s.inspected);
  const inspect = useSim((s) => s.inspect);
  const verification = useSim((s) => s.derived?.verification ?? null);
  const overlay = useRef<OverlayHandle>({ pills: null, pillPlan: NO_SPRITES, lands: null, landPlan: NO_SPRITES });
  const shown = Math.min(useShownStep(store, overlay), schedule.steps.length);
  const uid = `gs-dv-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;

  const { devices, chunks } = schedule;
  const compiled = compileSchedule(schedule);
  const cells = compiled.slots;
  const buffers = useMemo(() => (compiled.plain ? null : slotBuffers(compiled.layout).map((buffer) => buffer.name)), [compiled]);
  const { geometry, route } = useMemo(() => geometryFor(schedule, layout, size), [schedule, layout, size]);
  const state = useStepCells(schedule, op, shown);
  const flagged = useMemo(() => flaggedAt(verification, schedule, shown), [verification, schedule, shown]);
  const form = geometry.card.textSize > 0 ? geometry.card.textForm : null;
  const summarised = geometry.card.summarySize > 0;
  const views = useMemo(() => deviceViews(schedule, state, form, flagged, summarised), [schedule, state, form, flagged, summarised]);
  const message = useCallback((d: number, c: number) => state.set(d, c), [state]);
  // Messages carry their expression wherever the seeds' notation applies, also when cells are too small
  // for it, in the form the cells write theirs; over cells that write nothing, in brief where it
  // applies (up to 16 devices): a long sum in flight would cover the cards it passes.
  const full = longestExpression(devices, chunks) > 0;
  const brief = briefTexts(devices, cells);
  const notation = full || form !== null || brief;
  const pillForm = form ?? (brief ? 'brief' : 'full');
  const expression = useMemo(() => (notation ? (d: number, c: number) => state.expression(d, c, pillForm) : null), [notation, state, pillForm]);
  const pills = useMemo(() => planSprites(schedule, shown, geometry, route, message, expression), [schedule, shown, geometry, route, message, expression]);
  const lands = useMemo(() => planSprites(schedule, shown - 1, geometry, route, message), [schedule, shown, geometry, route, message]);
  const onInspect = useCallback((device: number) => inspect(device), [inspect]);

  const blocks = useMemo(() => sendsBlocks(schedule.steps), [schedule]);
  const { card } = geometry;
  const painted = devices * cells > SVG_CELLS;
  const cellViews = useMemo(() => (painted ? views.map((view) => view.views) : null), [painted, views]);
  const label = `${layout.description}. Step ${shown} of ${schedule.steps.length}.`;
  return (
    <>
      <div className="gs-devices-stage" ref={stageRef}>
        <svg className="gs-devices-svg" role="group" aria-label={label} width={size.width} height={size.height}>
          {!painted && (
            <defs>
              <SlotGradient
                id={`${uid}-cell`}
                devices={devices}
                start={0}
                length={card.slotAxis === 'x' ? card.cellWidth : card.cellHeight}
                axis={card.slotAxis}
              />
            </defs>
          )}
          <LinkLayer geometry={geometry} />
          <g className="gs-dv-cards">
            {views.map((view, d) => (
              <DeviceCard
                key={d}
                device={d}
                devices={devices}
                centre={geometry.centres[d]}
                rotation={geometry.rotations[d]}
                card={card}
                views={painted ? null : view.views}
                summary={view.summary}
                fill={`url(#${uid}-cell)`}
                inspected={inspected === d}
                flag={flagged?.devices.has(d) ? flagged : null}
                roomRight={size.width - geometry.centres[d].x - card.width / 2}
                description={view.description}
                onInspect={onInspect}
              />
            ))}
          </g>
        </svg>
        {cellViews && <CellCanvas geometry={geometry} devices={devices} views={cellViews} badges={flagged?.devices ?? null} />}
        <TransferOverlay geometry={geometry} devices={devices} pills={pills} lands={lands} handle={overlay} />
      </div>
      <div className="gs-devices-footer">
        <DevicesLegend layout={layout} chunks={chunks} buffers={buffers} blocks={blocks && form !== null} />
        {flagged && (
          <p className="gs-devices-violation" role="status">
            <span aria-hidden="true">✗ </span>
            {flagged.verdict}
          </p>
        )}
      </div>
    </>
  );
}
