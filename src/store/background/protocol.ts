// The messages between the page and its background worker: background.ts is the page's side,
// answers.ts the worker's. One map says, for each kind of request, what it sends and the
// answer it gets; a derive also hears progress before its answer, and its model and proof after it.
// A schedule the worker holds is named by a number; one it lacks is sent packed.

import type { CompareData, CompareInput, TimelineData } from '../../core/model';
import type { ErrorCode, GradsyncError, SettingFault } from '../../core/errors';
import type { PackedSchedule } from '../../core/schedule';
import type { VerifyResult } from '../../core/symbolic';
import type { GpuPlan } from '../../engine/webgpu/plan';
import type { SimConfig } from '../config';
import type { Derived, Model } from '../derive';
import type { ADDRESS_MESSAGE } from './earlyWorker';

/** What the worker is doing for a request (it answers with the schedule as soon as it is built). */
export interface Progress {
  stage: 'building';
}

/** What depends on the model's inputs: its cost, bandwidths, topology and timeline. */
export type ModelPart = Model & { timeline: TimelineData };

export interface ScheduleRef {
  id: number;
  packed?: PackedSchedule;
}

interface BackgroundProtocol {
  derive: {
    /** `schedule` null: build the configuration's, and keep it as number `keepAs`. */
    request: { config: SimConfig; schedule: ScheduleRef | null; keepAs: number };
    /** Before the answer: how far the work got. */
    progress: { kind: 'progress'; progress: Progress };
    /**
     * The schedule first, so the picture does not wait (packed where the worker built it), with its
     * proof where the worker already had one; `verifying`: the worker proves it now.
     */
    answer: { kind: 'derived'; packed: PackedSchedule | null; verifying: boolean; derived: Pick<Derived, 'verification' | 'topology'> };
    /** After the answer: its model, then, where `verifying`, its proof. */
    later: { kind: 'modelled'; model: ModelPart } | { kind: 'verified'; verification: VerifyResult };
  };
  model: {
    request: { config: SimConfig; schedule: ScheduleRef };
    answer: { kind: 'model'; model: ModelPart };
  };
  'plan-gpu': {
    request: { schedule: ScheduleRef; elements: number };
    answer: { kind: 'plan-gpu'; plan: GpuPlan };
  };
  compare: {
    request: { input: CompareInput };
    answer: { kind: 'compare'; data: CompareData };
  };
}

export type Asked = keyof BackgroundProtocol;
export type Body<K extends Asked> = BackgroundProtocol[K]['request'];
export type Answer<K extends Asked> = BackgroundProtocol[K]['answer'];

/** The kind of each request's answer. */
export const ANSWER_KINDS: { readonly [K in Asked]: Answer<K>['kind'] } = { derive: 'derived', model: 'model', 'plan-gpu': 'plan-gpu', compare: 'compare' };

export interface ErrorShape {
  code: ErrorCode;
  message: string;
  setting?: SettingFault;
}

/** What a request may get in place of its answer. */
type Instead =
  /** The worker no longer holds the schedule named: send it again, packed. */
  | { kind: 'unknown-schedule' }
  /** A GradsyncError, rebuilt on the page. */
  | { kind: 'error'; error: ErrorShape }
  | { kind: 'bug'; message: string };

/** Each message carries the number of the request it is, or answers. */
type Numbered<T> = T extends unknown ? { id: number } & T : never;

export type RequestOf<K extends Asked> = { id: number; kind: K } & Body<K>;

export type BackgroundRequest =
  | { [K in Asked]: RequestOf<K> }[Asked]
  /** Sent by a built page's HTML before its script runs (earlyWorker.ts): no answer. */
  | { id: number; kind: typeof ADDRESS_MESSAGE; search: string };

export type BackgroundReply = Numbered<Answer<Asked> | BackgroundProtocol['derive']['progress'] | BackgroundProtocol['derive']['later'] | Instead>;

export function errorShape(error: GradsyncError): ErrorShape {
  return { code: error.code, message: error.message, setting: error.setting };
}
