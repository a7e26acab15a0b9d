// Questions about a training iteration, answered by the training model (core/training) with the same
// kind of working as the cost questions: how much overlap with backward hides, what sharding (ZeRO,
// FSDP) saves in memory and costs in traffic, and which port limits a parameter server.

import { invariant } from '../errors';
import { formatBytes, formatCount, formatLargeCount, formatMicroseconds, formatTimes, plural } from '../units';
import { trainingReport, type TrainingRequest } from '../training/report';
import { commBytesPerDevice, memoryPerDevice, STATE_BYTES, STRATEGY_NAMES } from '../training/strategies';
import { totalParams } from '../training/models';
import { serverFabric } from '../training/serverPorts';
import type { CostPart } from './costQuestion';

export type TrainingQuestionKind = 'overlap' | 'sharding' | 'server';

export interface TrainingQuestion {
  kind: TrainingQuestionKind;
  prompt: string;
  parts: CostPart[];
}

const sumOf = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0);

/** "GPT-2 XL (1.56 B parameters) on 64 GPUs". */
function modelWords(request: TrainingRequest): string {
  return `${request.model.name} (${formatLargeCount(totalParams(request.model))} parameters) on ${formatCount(request.devices)} GPUs`;
}

function overlapQuestion(request: TrainingRequest): TrainingQuestion {
  const report = trainingReport({ ...request, strategy: 'ddp' });
  const { serial, overlapped } = report;
  const commUs = sumOf(serial.comm.map((span) => span.endUs - span.startUs));
  const hidden = serial.iterationUs - overlapped.iterationUs;
  return {
    kind: 'overlap',
    prompt: `${modelWords(request)}, DDP all-reducing its gradients with ${request.algorithm} in ${formatCount(serial.comm.length)} buckets. Forward and backward compute for ${formatMicroseconds(serial.computeUs)}.`,
    parts: [
      {
        question: 'How long is an iteration when the buckets are all-reduced after backward?',
        answer: `${formatMicroseconds(serial.iterationUs)}.`,
        working: [
          't = compute + every bucket’s all-reduce, one after another',
          `= ${formatMicroseconds(serial.computeUs)} + ${formatMicroseconds(commUs)} = ${formatMicroseconds(serial.iterationUs)}`,
        ],
      },
      {
        question: 'And when each bucket is all-reduced as soon as backward has produced it?',
        answer: `${formatMicroseconds(overlapped.iterationUs)}: only ${formatMicroseconds(overlapped.exposedUs)} of communication is left exposed.`,
        working: [
          'exposed = t − compute: what the all-reduces add after backward ends',
          `= ${formatMicroseconds(overlapped.iterationUs)} − ${formatMicroseconds(overlapped.computeUs)} = ${formatMicroseconds(overlapped.exposedUs)}`,
        ],
      },
      {
        question: 'How much does overlap save?',
        answer: `${formatMicroseconds(hidden)}, ${formatTimes(serial.iterationUs / overlapped.iterationUs)} faster.`,
        working: [`${formatMicroseconds(serial.iterationUs)} − ${formatMicroseconds(overlapped.iterationUs)} = ${formatMicroseconds(hidden)}`],
      },
    ],
  };
}

function shardingQuestion(request: TrainingRequest): TrainingQuestion {
  const n = request.devices;
  const params = totalParams(request.model);
  const psi = formatLargeCount(params);
  const perParam = STATE_BYTES.params + STATE_BYTES.grads + STATE_BYTES.optimizer;
  const ddp = memoryPerDevice('ddp', params, n);
  const zero3 = memoryPerDevice('zero3', params, n);
  const sendDdp = commBytesPerDevice('ddp', params, n).total;
  const sendZero3 = commBytesPerDevice('zero3', params, n).total;
  const share = `(${n}−1)/${n}`;
  return {
    kind: 'sharding',
    prompt: `${modelWords(request)}, mixed-precision Adam: ${STATE_BYTES.params} bytes of fp16 parameters, ${STATE_BYTES.grads} of fp16 gradients and ${STATE_BYTES.optimizer} of optimizer state per parameter (Ψ = ${psi}).`,
    parts: [
      {
        question: `How much model state does each GPU hold with DDP, and with ${STRATEGY_NAMES.zero3}?`,
        answer: `${formatBytes(ddp.total)} with DDP; ${formatBytes(zero3.total)} with ${STRATEGY_NAMES.zero3}, ${formatTimes(ddp.total / zero3.total)} less.`,
        working: [
          `DDP keeps everything: (${STATE_BYTES.params} + ${STATE_BYTES.grads} + ${STATE_BYTES.optimizer})·Ψ = ${perParam} × ${psi} = ${formatBytes(ddp.total)}`,
          `${STRATEGY_NAMES.zero3} shards all three over the N GPUs: ${perParam}·Ψ/N = ${formatBytes(ddp.total)} ÷ ${n} = ${formatBytes(zero3.total)}`,
        ],
      },
      {
        question: 'How many bytes does each GPU send per iteration with each?',
        answer: `${formatBytes(sendDdp)} with DDP; ${formatBytes(sendZero3)} with ${STRATEGY_NAMES.zero3}, ${formatTimes(sendZero3 / sendDdp)} as much.`,
        working: [
          `DDP all-reduces the ${STATE_BYTES.grads}·Ψ bytes of gradients: 2·${share} × ${formatBytes(STATE_BYTES.grads * params)} = ${formatBytes(sendDdp)}`,
          `${STRATEGY_NAMES.zero3} reduce-scatters them and all-gathers the parameters twice (forward and backward): 3·${share} × ${formatBytes(STATE_BYTES.grads * params)} = ${formatBytes(sendZero3)}`,
        ],
      },
    ],
  };
}

function serverQuestion(request: TrainingRequest): TrainingQuestion {
  const { devices, servers } = request;
  const ps = trainingReport({ ...request, strategy: 'ps' });
  const ddp = trainingReport({ ...request, strategy: 'ddp' });
  const ports = ps.serial.ports;
  invariant(ports, 'a parameter server reports its ports');
  const fabric = serverFabric(request.topology);
  const gradients = STATE_BYTES.grads * ps.params;
  const moves = ps.serial.comm.length;
  const busier = Math.max(ports.worker.bytes, ports.server.bytes);
  const allreduceUs = sumOf(ddp.serial.comm.map((span) => span.endUs - span.startUs));
  return {
    kind: 'server',
    prompt: `${modelWords(request)} as workers, with ${plural(servers, 'parameter server')}; every port moves ${fabric.bandwidthGBs} GB/s and every transfer costs ${fabric.latencyUs} µs (α).`,
    parts: [
      {
        question: 'How many bytes cross a worker’s port in an iteration, and a server’s?',
        answer: `${formatBytes(ports.worker.bytes)} a worker, ${formatBytes(ports.server.bytes)} a server: ${formatTimes(ports.ratio)} as much.`,
        working: [
          `a worker pushes its gradients and pulls the parameters: 2 × ${formatBytes(gradients)} = ${formatBytes(ports.worker.bytes)}`,
          `a server takes N/K of everyone’s: ${devices}/${servers} × ${formatBytes(ports.worker.bytes)} = ${formatBytes(ports.server.bytes)}`,
        ],
      },
      {
        question: 'How long do the pushes and pulls take, and DDP’s all-reduces?',
        answer: `${formatMicroseconds(ports.commUs)} with ${plural(servers, 'server')}; ${formatMicroseconds(allreduceUs)} with DDP’s ${request.algorithm}, no port carrying more than its share.`,
        working: [
          `each of the ${moves} pushes and pulls lasts α + the busier port’s bytes ÷ B`,
          `${moves} × ${fabric.latencyUs} µs + ${formatBytes(busier)} ÷ ${fabric.bandwidthGBs} GB/s = ${formatMicroseconds(ports.commUs)}`,
          `DDP: every port carries 2·(N−1)/N × ${formatBytes(gradients)} = ${formatBytes(commBytesPerDevice('ddp', ps.params, devices).total)}`,
        ],
      },
    ],
  };
}

/** The question of `kind` about the training configuration of `request`, answered by the training model. */
export function trainingQuestion(kind: TrainingQuestionKind, request: TrainingRequest): TrainingQuestion {
  if (kind === 'overlap') return overlapQuestion(request);
  if (kind === 'sharding') return shardingQuestion(request);
  return serverQuestion(request);
}
