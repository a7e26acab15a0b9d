// A training iteration in plain words: what is computed, what is sent and when, and what it costs.

import { formatBytes, formatMicroseconds } from '../units';
import type { TrainingReport } from './report';
import { STRATEGY_NAMES, type Strategy } from './strategies';

export interface StoryInput {
  report: TrainingReport;
  strategy: Strategy;
  devices: number;
  algorithm: string;
  servers: number;
  overlap: boolean;
}

export function trainingStory({ report, strategy, devices, algorithm, servers, overlap }: StoryInput): string[] {
  const run = overlap ? report.overlapped : report.serial;
  const forward = run.compute.filter((span) => span.pass === 'forward').reduce((sum, span) => sum + span.endUs - span.startUs, 0);
  const ops = run.comm.length;
  const lines = [
    `Each of ${devices} devices computes forward in ${formatMicroseconds(forward)} and backward in ${formatMicroseconds(run.computeUs - forward)}.`,
  ];
  const when = overlap ? 'as soon as backward has produced it, while backward goes on' : 'after backward has ended';
  switch (strategy) {
    case 'ddp':
      lines.push(`DDP puts the gradients in ${ops} buckets and all-reduces each with ${algorithm} ${when}.`);
      break;
    case 'zero1':
    case 'zero2':
      lines.push(
        `${STRATEGY_NAMES[strategy]} reduce-scatters the same buckets with ${algorithm} ${when}, so each device keeps the reduced gradients of its own 1/${devices} of the parameters, updates them, and all-gathers the updated parameters.`,
      );
      break;
    case 'zero3':
      lines.push(
        `ZeRO-3 keeps 1/${devices} of every layer's parameters on each device: it all-gathers a layer's parameters before its forward and again before its backward${overlap ? ' (the next layer’s while the current one computes)' : ''}, and reduce-scatters its gradients after.`,
      );
      break;
    case 'ps':
      lines.push(
        `Each device pushes its gradients to ${servers} parameter server${servers === 1 ? '' : 's'} and pulls the parameters back; each server's port carries ${formatBytes((devices * 2 * report.comm.push) / servers)} an iteration, ${devices}/${servers} of everything.`,
      );
      break;
  }
  lines.push(
    run.exposedUs > 0
      ? `Communication adds ${formatMicroseconds(run.exposedUs)} after compute: the iteration takes ${formatMicroseconds(run.iterationUs)}${overlap ? `, against ${formatMicroseconds(report.serial.iterationUs)} without overlap` : ''}.`
      : `Communication hides entirely behind compute: the iteration takes ${formatMicroseconds(run.iterationUs)}.`,
  );
  return lines;
}
