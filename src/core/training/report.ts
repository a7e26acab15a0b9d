// Everything said about one training configuration, for the command line and the training view
// alike: the model, memory per device (and per server), bytes each device sends, and the iteration
// with and without overlap.

import type { Topology } from '../model/cost';
import { trainingIteration, type Iteration } from './iteration';
import { totalParams, type TrainingModel } from './models';
import { commBytesPerDevice, memoryPerDevice, serverMemory, type CommBytes, type DeviceMemory, type Strategy } from './strategies';

export interface TrainingRequest {
  model: TrainingModel;
  strategy: Strategy;
  devices: number;
  algorithm: string;
  topology: Topology;
  flopsPerSecond: number;
  batch: number;
  bucketBytes?: number;
  servers: number;
}

export interface TrainingReport {
  params: number;
  memory: DeviceMemory;
  /** Each parameter server's optimizer state (ps only). */
  serverMemory: number | null;
  comm: CommBytes;
  overlapped: Iteration;
  serial: Iteration;
}

export function trainingReport(request: TrainingRequest): TrainingReport {
  const params = totalParams(request.model);
  return {
    params,
    memory: memoryPerDevice(request.strategy, params, request.devices),
    serverMemory: request.strategy === 'ps' ? serverMemory(params, request.servers) : null,
    comm: commBytesPerDevice(request.strategy, params, request.devices),
    overlapped: trainingIteration({ ...request, overlap: true }),
    serial: trainingIteration({ ...request, overlap: false }),
  };
}
