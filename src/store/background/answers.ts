// The worker's side of the background (protocol.ts): the same functions the page runs for
// small configurations (derive, compareData, buildGpuPlan), here for the large ones, holding the
// last few schedules. background.worker.ts wires it to the worker's messages; tests call it directly.

import { compareData, timelineData } from '../../core/model';
import { compileSchedule, packedBuffers, packSchedule, unpackSchedule, type Schedule } from '../../core/schedule';
import { GradsyncError } from '../../core/errors';
import { verifySchedule, type VerifyResult } from '../../core/symbolic';
import { buildGpuPlan, gpuLayout, gpuPlanBuffers } from '../../engine/webgpu/plan';
import { preparesInBackground } from './background';
import { errorShape, type BackgroundReply, type BackgroundRequest, type ModelPart, type ScheduleRef } from './protocol';
import type { SimConfig } from '../config';
import { modelOf, scheduleFor, shapeKey, topologyFor } from '../derive';
import { ADDRESS_MESSAGE } from './earlyWorker';
import { parseUrlState } from '../url';

export type Post = (message: BackgroundReply, transfer?: Transferable[]) => void;

interface Held {
  schedule: Schedule;
  verification: VerifyResult | null;
}

/** Schedules held, oldest first: a ring on 1024 devices takes 26 MB as arrays (more once its steps are read as objects). */
const HELD_AT_MOST = 3;

/** A configuration's schedule built from the page's address before the page asked for it. */
interface Early {
  config: SimConfig;
  schedule: Schedule;
}

/** The model of `schedule` under `config`, with its timeline. */
function modelPart(config: SimConfig, schedule: Schedule): ModelPart {
  const model = modelOf(config, schedule);
  return { ...model, timeline: timelineData(schedule, model.cost) };
}

/** Answers requests through `post`, holding the schedules they name. */
export function backgroundAnswers(post: Post): (request: BackgroundRequest) => void {
  const held = new Map<number, Held>();
  let early: Early | null = null;

  /**
   * Builds the schedule the address names, where the page would ask the worker for it (a large
   * configuration); its model waits for the page's request, which is answered with the schedule first.
   */
  function prepare(search: string): void {
    const { config, schedule } = parseUrlState(search);
    if (schedule || !preparesInBackground(config, null)) return;
    try {
      early = { config, schedule: scheduleFor(config) };
    } catch {
      // A bad address: the page's own request hears what is wrong.
    }
  }

  /** The schedule built early, where `config` has its shape; taken by the page's first request to derive (and dropped by it either way). */
  function takeEarly(config: SimConfig | null): Schedule | null {
    const ready = early;
    early = null;
    return ready && config && shapeKey(ready.config) === shapeKey(config) ? ready.schedule : null;
  }

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
    const progress = (stage: 'building') => post({ id: request.id, kind: 'progress', progress: { stage } });
    switch (request.kind) {
      case 'derive': {
        let entry: Held | null;
        const ready = takeEarly(request.schedule ? null : request.config);
        if (request.schedule) {
          entry = scheduleOf(request.schedule);
          if (!entry) return post({ id: request.id, kind: 'unknown-schedule' });
        } else {
          progress('building');
          entry = hold(request.keepAs, { schedule: ready ?? scheduleFor(request.config), verification: null });
        }
        const packed = request.schedule ? null : packSchedule(entry.schedule);
        // The picture waits for neither the model nor the proof: each follows in a message of its own.
        const verifying = entry.verification === null;
        const topology = topologyFor(request.config, entry.schedule);
        post(
          { id: request.id, kind: 'derived', packed, verifying, derived: { verification: entry.verification, topology } },
          packed ? packedBuffers(packed) : [],
        );
        post({ id: request.id, kind: 'modelled', model: modelPart(request.config, entry.schedule) });
        if (verifying) {
          entry.verification = verifySchedule(entry.schedule);
          post({ id: request.id, kind: 'verified', verification: entry.verification });
        }
        return;
      }
      case 'model': {
        const entry = scheduleOf(request.schedule);
        if (!entry) return post({ id: request.id, kind: 'unknown-schedule' });
        return post({ id: request.id, kind: 'model', model: modelPart(request.config, entry.schedule) });
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
      case ADDRESS_MESSAGE:
        return prepare(request.search);
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
