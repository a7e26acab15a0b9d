// The worker's side of background.ts: the same functions the page runs for small configurations
// (derive, compareData, buildGpuPlan), here for the large ones, holding the last few schedules.
// background.worker.ts wires it to the worker's messages; tests call it directly.

import { compareData } from '../core/compare';
import { compileSchedule } from '../core/compile';
import { GradsyncError } from '../core/errors';
import { packedBuffers, packSchedule, unpackSchedule } from '../core/packedSchedule';
import type { Schedule } from '../core/schedule';
import { timelineData } from '../core/timeline';
import { verifySchedule, type VerifyResult } from '../core/verify';
import { buildGpuPlan, gpuLayout, gpuPlanBuffers } from '../engine/webgpu/plan';
import { errorShape, type BackgroundReply, type BackgroundRequest, type ScheduleRef } from './background';
import { modelOf, scheduleFor } from './derive';

export type Post = (message: BackgroundReply, transfer?: Transferable[]) => void;

interface Held {
  schedule: Schedule;
  verification: VerifyResult | null;
}

/** Schedules held, oldest first: a ring on 1024 devices takes 26 MB as arrays (more once its steps are read as objects). */
const HELD_AT_MOST = 3;

/** Answers requests through `post`, holding the schedules they name. */
export function backgroundAnswers(post: Post): (request: BackgroundRequest) => void {
  const held = new Map<number, Held>();

  function hold(id: number, entry: Held): Held {
    held.delete(id);
    held.set(id, entry);
    while (held.size > HELD_AT_MOST) held.delete(held.keys().next().value!);
    return entry;
  }

  /** The schedule a request names, or null when it is no longer held and came without its pack. */
  function scheduleOf(ref: ScheduleRef): Held | null {
    const entry = held.get(ref.id);
    if (entry) return hold(ref.id, entry);
    return ref.packed ? hold(ref.id, { schedule: unpackSchedule(ref.packed), verification: null }) : null;
  }

  function answer(request: BackgroundRequest): void {
    const progress = (stage: 'building' | 'costing') => post({ id: request.id, kind: 'progress', progress: { stage } });
    switch (request.kind) {
      case 'derive': {
        let entry: Held | null;
        if (request.schedule) {
          entry = scheduleOf(request.schedule);
          if (!entry) return post({ id: request.id, kind: 'unknown-schedule' });
        } else {
          progress('building');
          entry = hold(request.keepAs, { schedule: scheduleFor(request.config), verification: null });
        }
        progress('costing');
        const model = modelOf(request.config, entry.schedule);
        const timeline = timelineData(entry.schedule, model.cost);
        const packed = request.schedule ? null : packSchedule(entry.schedule);
        // The picture does not wait for the proof: it follows in a message of its own.
        const verifying = entry.verification === null;
        post(
          { id: request.id, kind: 'derived', packed, verifying, derived: { verification: entry.verification, ...model, timeline } },
          packed ? packedBuffers(packed) : [],
        );
        if (verifying) {
          entry.verification = verifySchedule(entry.schedule);
          post({ id: request.id, kind: 'verified', verification: entry.verification });
        }
        return;
      }
      case 'model': {
        const entry = scheduleOf(request.schedule);
        if (!entry) return post({ id: request.id, kind: 'unknown-schedule' });
        const model = modelOf(request.config, entry.schedule);
        return post({ id: request.id, kind: 'model', model: { ...model, timeline: timelineData(entry.schedule, model.cost) } });
      }
      case 'plan-gpu': {
        const entry = scheduleOf(request.schedule);
        if (!entry) return post({ id: request.id, kind: 'unknown-schedule' });
        const compiled = compileSchedule(entry.schedule);
        const plan = buildGpuPlan(compiled, gpuLayout(compiled, request.elements));
        return post({ id: request.id, kind: 'plan-gpu', plan }, gpuPlanBuffers(plan));
      }
      case 'compare':
        return post({ id: request.id, kind: 'compare', data: compareData(request.input) });
    }
  }

  return (request) => {
    try {
      answer(request);
    } catch (error) {
      if (error instanceof GradsyncError) post({ id: request.id, kind: 'error', error: errorShape(error) });
      else post({ id: request.id, kind: 'bug', message: error instanceof Error ? error.message : String(error) });
    }
  };
}
