// A training iteration in plain words: what is computed, what is sent and when, and what it costs.

import { formatBytes, formatMicroseconds, formatPercent, formatTimes, plural } from '../units';
import type { TrainingReport } from './report';
import type { ServerPorts } from './serverPorts';
import { STRATEGY_NAMES, type Strategy } from './strategies';

export interface StoryInput {
  report: TrainingReport;
  strategy: Strategy;
  devices: number;
  algorithm: string;
  servers: number;
  overlap: boolean;
}

/** Which port limits a parameter server, in one sentence: the servers' while there are more workers than servers. */
function portsSentence({ worker, server, ratio }: ServerPorts): string {
  if (worker.saturated && server.saturated) {
    return `Each server's port carries as much as a worker's, ${formatBytes(server.bytes)} an iteration: both are busy ${formatPercent(server.commShare)} of the time pushes and pulls take.`;
  }
  if (server.saturated) {
    return `Each server's port carries ${formatBytes(server.bytes)} an iteration, ${formatTimes(ratio)} a worker's: it is saturated, busy ${formatPercent(server.commShare)} of the time pushes and pulls take, while each worker's port is busy ${formatPercent(worker.commShare)} of it.`;
  }
  return `Each worker's port carries ${formatBytes(worker.bytes)} an iteration, more than a server's (${formatTimes(ratio)}): the workers' ports are saturated, so more servers would not make it faster.`;
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
      lines.push(`Each device pushes its gradients to ${plural(servers, 'parameter server')} and pulls the parameters back.`, portsSentence(run.ports!));
      break;
  }
  lines.push(
    run.exposedUs > 0
      ? `Communication adds ${formatMicroseconds(run.exposedUs)} after compute: the iteration takes ${formatMicroseconds(run.iterationUs)}${overlap ? `, against ${formatMicroseconds(report.serial.iterationUs)} without overlap` : ''}.`
      : `Communication hides entirely behind compute: the iteration takes ${formatMicroseconds(run.iterationUs)}.`,
  );
  return lines;
}
