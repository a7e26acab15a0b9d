// Work too long for one frame, done in a module worker: building, verifying and costing a large
// schedule, the comparison of every algorithm, and the GPU engine's tables. The page's side sends
// requests (protocol.ts) and hears each one's replies in the order the protocol gives
// them; schedules cross as packed arrays, whose steps become objects when read.

import type { CompareData, CompareInput } from '../../core/model';
import { GradsyncError, invariant } from '../../core/errors';
import { compileSchedule, packedBuffers, packSchedule, unpackSchedule, type PackedSchedule, type Schedule } from '../../core/schedule';
import { verifySchedule, type VerifyResult } from '../../core/symbolic';
import { adoptGpuPlan } from '../../engine/webgpu/plan';
import {
  ANSWER_KINDS,
  type Answer,
  type Asked,
  type BackgroundReply,
  type BackgroundRequest,
  type Body,
  type ErrorShape,
  type ModelPart,
  type Progress,
  type RequestOf,
  type ScheduleRef,
} from './protocol';
import type { SimConfig } from '../config';
import { modelOf, type Derived, type Model } from '../derive';

export type { BackgroundReply, BackgroundRequest, Progress } from './protocol';

/** Configurations of more devices than this are prepared in the worker (a ring of 128 takes ~60 ms). */
const BACKGROUND_DEVICES = 64;
/** Loaded schedules of more transfers than this are too. */
const BACKGROUND_TRANSFERS = 8192;

/** Hears a schedule's model, with the schedule it belongs to. */
type OnModelled = (model: Model & Pick<Derived, 'timeline'>, schedule: Schedule) => void;
/** Hears a schedule's proof, with the schedule it belongs to. */
type OnVerified = (verification: VerifyResult, schedule: Schedule) => void;

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
    onVerified?: OnVerified,
    onModelled?: OnModelled,
  ): Promise<Derived>;
  /** The model alone, for a schedule derived before. */
  model(config: SimConfig, schedule: Schedule): Promise<ModelPart>;
  /** Builds the GPU engine's tables for the schedule at K elements, so the engine starts at once. */
  planGpu(schedule: Schedule, elements: number): Promise<void>;
  compare(input: CompareInput): Promise<CompareData>;
  dispose(): void;
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

/** What hears a request's next reply; it returns what hears the one after, or null after the last. */
interface Waiting {
  hear(reply: BackgroundReply): Waiting | null;
  /** The worker failed, or was stopped, before the request's last reply. */
  fail(error: Error): void;
}

/** How the page hears one request: progress before its answer; then what the answer is read as, and what hears the replies after it. */
interface Hearing<K extends Asked, T> {
  progress?(progress: Progress): void;
  answered(answer: Answer<K>): { value: T; later: Waiting | null };
}

/** A request heard for its answer alone. */
function answerOnly<K extends Asked>(): Hearing<K, Answer<K>> {
  return { answered: (answer) => ({ value: answer, later: null }) };
}

function isAnswer<K extends Asked>(kind: K, reply: BackgroundReply): reply is BackgroundReply & Answer<K> {
  return reply.kind === ANSWER_KINDS[kind];
}

function errorFrom(shape: ErrorShape): GradsyncError {
  return new GradsyncError(shape.code, shape.message, shape.setting);
}

/** The answer to a request that named no schedule by number alone: the worker built it, was sent it packed, or needs none. */
function definite<T>(value: T | null, kind: Asked): T {
  invariant(value !== null, `the background worker answered unknown-schedule to ${kind}, which named no schedule it could have dropped`);
  return value;
}

/**
 * What hears the replies after a derive's answer: its model, then, where the worker proves it, its
 * proof, each passed on with the schedule they belong to. What the worker stops before sending, the
 * page makes after all.
 */
function followUps(config: SimConfig, schedule: Schedule, verifying: boolean, onModelled?: OnModelled, onVerified?: OnVerified): Waiting {
  const proof: Waiting = {
    hear(reply) {
      invariant(reply.kind === 'verified', `the background worker sent ${reply.kind} where a derive's proof was due`);
      onVerified?.(reply.verification, schedule);
      return null;
    },
    fail: () => onVerified?.(verifySchedule(schedule), schedule),
  };
  return {
    hear(reply) {
      invariant(reply.kind === 'modelled', `the background worker sent ${reply.kind} where a derive's model was due`);
      onModelled?.(reply.model, schedule);
      return verifying ? proof : null;
    },
    fail(error) {
      onModelled?.(modelOf(config, schedule), schedule);
      proof.fail(error);
    },
  };
}

export function backgroundOver(port: BackgroundPort): Background {
  let nextId = 1;
  let nextSchedule = 1;
  const known = new WeakMap<Schedule, number>();
  const waiting = new Map<number, Waiting>();
  let broken: Error | null = null;

  port.onmessage = (event) => {
    const reply = event.data;
    const next = waiting.get(reply.id)?.hear(reply);
    if (next) waiting.set(reply.id, next);
    else waiting.delete(reply.id);
  };
  port.onerror = (event) => {
    event.preventDefault?.();
    const message = (event as Partial<ErrorEvent>).message;
    stop(new Error(`the background worker failed${message ? `: ${message}` : ''}`));
  };

  /** Fails every request still waiting, and every one asked from now on. */
  function stop(error: Error): void {
    broken = error;
    for (const entry of waiting.values()) entry.fail(error);
    waiting.clear();
  }

  /**
   * Sends a request and hears its replies in order: progress, then the answer, which the promise
   * resolves with as `hearing` reads it (null where the worker no longer holds the schedule named),
   * then what follows the answer. A GradsyncError in the worker rejects it as one.
   */
  function ask<K extends Asked, T>(kind: K, body: Body<K>, transfer: Transferable[], hearing: Hearing<K, T>): Promise<T | null> {
    if (broken) return Promise.reject(broken);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const first: Waiting = {
        hear(reply) {
          if (reply.kind === 'progress') {
            invariant(hearing.progress, `the background worker sent progress on ${kind}`);
            hearing.progress(reply.progress);
            return first;
          }
          if (reply.kind === 'error') reject(errorFrom(reply.error));
          else if (reply.kind === 'bug') reject(new Error(reply.message));
          else if (reply.kind === 'unknown-schedule') resolve(null);
          else {
            invariant(isAnswer(kind, reply), `the background worker answered ${reply.kind} to ${kind}`);
            const { value, later } = hearing.answered(reply);
            resolve(value);
            return later;
          }
          return null;
        },
        fail: reject,
      };
      waiting.set(id, first);
      const request: RequestOf<K> = { id, kind, ...body };
      // A request of kind K is one of BackgroundRequest's, though TypeScript cannot follow K through the union.
      port.postMessage(request as BackgroundRequest, transfer);
    });
  }

  /** Asks about a schedule by its number, sending it packed the first time or when the worker dropped it. */
  async function aboutSchedule<K extends Exclude<Asked, 'compare'>, T>(
    schedule: Schedule,
    kind: K,
    body: (ref: ScheduleRef) => Body<K>,
    hearing: Hearing<K, T>,
  ): Promise<T> {
    const held = known.get(schedule);
    if (held !== undefined) {
      const value = await ask(kind, body({ id: held }), [], hearing);
      if (value !== null) return value;
    }
    const ref = { id: nextSchedule++, packed: packSchedule(schedule) };
    known.set(schedule, ref.id);
    return definite(await ask(kind, body(ref), packedBuffers(ref.packed), hearing), kind);
  }

  /** The schedule the worker built and keeps as number `keepAs`, read here. */
  function adopted(packed: PackedSchedule | null, keepAs: number): Schedule {
    invariant(packed, 'the background worker built a schedule without sending it');
    const schedule = unpackSchedule(packed);
    known.set(schedule, keepAs);
    return schedule;
  }

  return {
    async derive(config, schedule, onProgress, onVerified, onModelled) {
      const keepAs = nextSchedule++;
      const hearing: Hearing<'derive', Derived> = {
        progress: (progress) => onProgress?.(progress),
        // The schedule is read as its answer comes, so the model and the proof that follow find it.
        answered({ packed, verifying, derived }) {
          const shown = schedule ?? adopted(packed, keepAs);
          return { value: { ...derived, cost: null, metrics: null, schedule: shown }, later: followUps(config, shown, verifying, onModelled, onVerified) };
        },
      };
      if (schedule) return aboutSchedule(schedule, 'derive', (ref) => ({ config, schedule: ref, keepAs }), hearing);
      return definite(await ask('derive', { config, schedule: null, keepAs }, [], hearing), 'derive');
    },
    async model(config, schedule) {
      return (await aboutSchedule(schedule, 'model', (ref) => ({ config, schedule: ref }), answerOnly())).model;
    },
    async planGpu(schedule, elements) {
      const { plan } = await aboutSchedule(schedule, 'plan-gpu', (ref) => ({ schedule: ref, elements }), answerOnly());
      adoptGpuPlan(compileSchedule(schedule), elements, plan);
    },
    async compare(input) {
      return definite(await ask('compare', { input }, [], answerOnly()), 'compare').data;
    },
    dispose() {
      stop(new Error('the background worker was stopped'));
      port.terminate();
    },
  };
}
