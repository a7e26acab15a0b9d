// Work too long for one frame, done in a module worker: building, verifying and costing a large
// schedule, the comparison of every algorithm, and the GPU engine's tables. The page's side sends
// requests and gets answers; schedules cross as packed arrays, whose steps become objects when read.

import type { CompareData, CompareInput, TimelineData } from '../core/model';
import { GradsyncError, type ErrorCode, type SettingFault } from '../core/errors';
import { packedBuffers, packSchedule, unpackSchedule, type PackedSchedule, type Schedule, compileSchedule } from '../core/schedule';
import { verifySchedule, type VerifyResult } from '../core/symbolic';
import { adoptGpuPlan, type GpuPlan } from '../engine/webgpu/plan';
import { ADDRESS_MESSAGE } from './earlyWorker';
import type { SimConfig } from './config';
import { modelOf, type Derived, type Model } from './derive';

/** Configurations of more devices than this are prepared in the worker (a ring of 128 takes ~60 ms). */
const BACKGROUND_DEVICES = 64;
/** Loaded schedules of more transfers than this are too. */
const BACKGROUND_TRANSFERS = 8192;

/** What the worker is doing for a request (it answers with the schedule as soon as it is built). */
export interface Progress {
  stage: 'building';
}

/** What depends on the model's inputs: its cost, bandwidths, topology and timeline. */
export type ModelPart = Model & { timeline: TimelineData };

export interface Background {
  /**
   * Builds the configuration's schedule (or takes `schedule`), answered as soon as it is built: its
   * model (cost null until then) comes through `onModelled`, and its proof, when not known yet, through
   * `onVerified`, each with the schedule it belongs to.
   */
  derive(
    config: SimConfig,
    schedule: Schedule | null,
    onProgress?: (progress: Progress) => void,
    onVerified?: (verification: VerifyResult, schedule: Schedule) => void,
    onModelled?: (model: Model & Pick<Derived, 'timeline'>, schedule: Schedule) => void,
  ): Promise<Derived>;
  /** The model alone, for a schedule derived before. */
  model(config: SimConfig, schedule: Schedule): Promise<ModelPart>;
  /** Builds the GPU engine's tables for the schedule at K elements, so the engine starts at once. */
  planGpu(schedule: Schedule, elements: number): Promise<void>;
  compare(input: CompareInput): Promise<CompareData>;
  dispose(): void;
}

// The messages. A schedule the worker holds is named by a number; one it lacks is sent packed.
export interface ScheduleRef {
  id: number;
  packed?: PackedSchedule;
}

export type BackgroundRequest =
  /** `schedule` null: build the configuration's, and keep it as number `keepAs`. */
  | { id: number; kind: 'derive'; config: SimConfig; schedule: ScheduleRef | null; keepAs: number }
  | { id: number; kind: 'model'; config: SimConfig; schedule: ScheduleRef }
  | { id: number; kind: 'plan-gpu'; schedule: ScheduleRef; elements: number }
  | { id: number; kind: 'compare'; input: CompareInput }
  /** Sent by a built page's HTML before its script runs (earlyWorker.ts): no answer. */
  | { id: number; kind: typeof ADDRESS_MESSAGE; search: string };

export interface ErrorShape {
  code: ErrorCode;
  message: string;
  setting?: SettingFault;
}

export type BackgroundReply =
  | { id: number; kind: 'progress'; progress: Progress }
  /**
   * The schedule first, so the picture does not wait: its model follows in a 'modelled' reply, and,
   * with `verifying`, its proof in a 'verified' reply.
   */
  | { id: number; kind: 'derived'; packed: PackedSchedule | null; verifying: boolean; derived: Pick<Derived, 'verification' | 'topology'> }
  | { id: number; kind: 'modelled'; model: ModelPart }
  | { id: number; kind: 'verified'; verification: VerifyResult }
  | { id: number; kind: 'model'; model: ModelPart }
  | { id: number; kind: 'plan-gpu'; plan: GpuPlan }
  | { id: number; kind: 'compare'; data: CompareData }
  /** The worker no longer holds the schedule named: send it again, packed. */
  | { id: number; kind: 'unknown-schedule' }
  | { id: number; kind: 'error'; error: ErrorShape }
  | { id: number; kind: 'bug'; message: string };

export function errorShape(error: GradsyncError): ErrorShape {
  return { code: error.code, message: error.message, setting: error.setting };
}

function errorFrom(shape: ErrorShape): GradsyncError {
  return new GradsyncError(shape.code, shape.message, shape.setting);
}

/** Whether a store prepares this configuration (or loaded schedule) in the background. */
export function preparesInBackground(config: SimConfig, schedule: Schedule | null): boolean {
  if (schedule) return schedule.devices > BACKGROUND_DEVICES || compileSchedule(schedule).src.length > BACKGROUND_TRANSFERS;
  return config.devices > BACKGROUND_DEVICES;
}

/** What the page's side talks to: the module worker, or a stand-in in tests. */
export interface BackgroundPort {
  postMessage(message: BackgroundRequest, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<BackgroundReply>) => void) | null;
  onerror: ((event: Event) => void) | null;
  terminate(): void;
}

interface Waiting {
  reply(reply: BackgroundReply): void;
  fail(error: Error): void;
}

/** What hears the 'modelled' and 'verified' replies that come after a derive's answer, or the worker's failure before them. */
interface Later {
  modelled(model: ModelPart): void;
  verified(verification: VerifyResult): void;
  failed(): void;
}

export function backgroundOver(port: BackgroundPort): Background {
  let nextId = 1;
  let nextSchedule = 1;
  const known = new WeakMap<Schedule, number>();
  const waiting = new Map<number, Waiting>();
  let broken: Error | null = null;

  port.onmessage = (event) => waiting.get(event.data.id)?.reply(event.data);
  port.onerror = (event) => {
    event.preventDefault?.();
    const message = (event as Partial<ErrorEvent>).message;
    broken = new Error(`the background worker failed${message ? `: ${message}` : ''}`);
    for (const entry of waiting.values()) entry.fail(broken);
    waiting.clear();
  };

  /** Sends a request and waits for its answer; progress goes to `onProgress`. */
  function ask(
    make: (id: number) => BackgroundRequest,
    transfer: Transferable[],
    onProgress?: (progress: Progress) => void,
    later?: Later,
  ): Promise<BackgroundReply> {
    if (broken) return Promise.reject(broken);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      let answered = false;
      let verifying = false;
      waiting.set(id, {
        reply(reply) {
          if (reply.kind === 'progress') return onProgress?.(reply.progress);
          if (reply.kind === 'modelled') {
            if (!verifying) waiting.delete(id);
            return later?.modelled(reply.model);
          }
          if (reply.kind === 'verified') {
            waiting.delete(id);
            return later?.verified(reply.verification);
          }
          // A derive's answer keeps its place for its model and proof to follow.
          if (reply.kind === 'derived') verifying = reply.verifying;
          else waiting.delete(id);
          answered = true;
          if (reply.kind === 'error') reject(errorFrom(reply.error));
          else if (reply.kind === 'bug') reject(new Error(reply.message));
          else resolve(reply);
        },
        fail(error) {
          if (answered) later?.failed();
          else reject(error);
        },
      });
      port.postMessage(make(id), transfer);
    });
  }

  /** Asks about a schedule by its number, sending it packed the first time or when the worker dropped it. */
  async function aboutSchedule(
    schedule: Schedule,
    make: (ref: ScheduleRef, id: number) => BackgroundRequest,
    onProgress?: (progress: Progress) => void,
    later?: Later,
  ): Promise<BackgroundReply> {
    const held = known.get(schedule);
    if (held !== undefined) {
      const reply = await ask((id) => make({ id: held }, id), [], onProgress, later);
      if (reply.kind !== 'unknown-schedule') return reply;
    }
    const ref = { id: nextSchedule++, packed: packSchedule(schedule) };
    known.set(schedule, ref.id);
    return ask((id) => make(ref, id), packedBuffers(ref.packed), onProgress, later);
  }

  return {
    async derive(config, schedule, onProgress, onVerified, onModelled) {
      const keepAs = nextSchedule++;
      // The model and the proof may come while the schedule is still being read: they are then part of the answer.
      let result: Derived | null = null;
      let early: VerifyResult | null = null;
      let earlyModel: ModelPart | null = null;
      let modelled = false;
      const later: Later = {
        modelled(model) {
          modelled = true;
          if (result) onModelled?.(model, result.schedule);
          else earlyModel = model;
        },
        verified(verification) {
          if (result) onVerified?.(verification, result.schedule);
          else early = verification;
        },
        failed() {
          // The worker stopped before modelling or proving it: the page does it after all.
          if (!result) return;
          if (!modelled) onModelled?.(modelOf(config, result.schedule), result.schedule);
          onVerified?.(verifySchedule(result.schedule), result.schedule);
        },
      };
      const reply = schedule
        ? await aboutSchedule(schedule, (ref, id) => ({ id, kind: 'derive', config, schedule: ref, keepAs }), onProgress, later)
        : await ask((id) => ({ id, kind: 'derive', config, schedule: null, keepAs }), [], onProgress, later);
      if (reply.kind !== 'derived') throw new Error(`the background worker answered ${reply.kind} to derive`);
      let shown = schedule;
      if (!shown) {
        shown = unpackSchedule(reply.packed!);
        known.set(shown, keepAs);
      }
      const model: Pick<Derived, 'cost' | 'metrics' | 'timeline'> = earlyModel ?? { cost: null, metrics: null };
      result = { ...reply.derived, ...model, verification: reply.derived.verification ?? early, schedule: shown };
      return result;
    },
    async model(config, schedule) {
      const reply = await aboutSchedule(schedule, (ref, id) => ({ id, kind: 'model', config, schedule: ref }));
      if (reply.kind !== 'model') throw new Error(`the background worker answered ${reply.kind} to model`);
      return reply.model;
    },
    async planGpu(schedule, elements) {
      const reply = await aboutSchedule(schedule, (ref, id) => ({ id, kind: 'plan-gpu', schedule: ref, elements }));
      if (reply.kind !== 'plan-gpu') throw new Error(`the background worker answered ${reply.kind} to plan-gpu`);
      adoptGpuPlan(compileSchedule(schedule), elements, reply.plan);
    },
    async compare(input) {
      const reply = await ask((id) => ({ id, kind: 'compare', input }), []);
      if (reply.kind !== 'compare') throw new Error(`the background worker answered ${reply.kind} to compare`);
      return reply.data;
    },
    dispose() {
      broken = new Error('the background worker was stopped');
      for (const entry of waiting.values()) entry.fail(broken);
      waiting.clear();
      port.terminate();
    },
  };
}
