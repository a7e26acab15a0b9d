// A parsed nccl-tests log, fitted: the log's shape (devices, devices per node, as the log says or
// as given), the model of model.ts fitted to its out-of-place times, and what B(S) is for it.

import { checkDevicesPerNode } from '../algorithms/options';
import { GradsyncError } from '../errors';
import { fitNcclTests, type NcclTestsFit } from './fit';
import { fabricBytes, type LogShape } from './model';
import type { NcclTestsLog } from './parseLog';

export interface Calibration {
  /** The shape the model was fitted for; devices is nominal where the log does not tell them. */
  shape: LogShape;
  /** Whether shape.devices is the log's (its device list or columns) rather than nominal. */
  devicesKnown: boolean;
  nodes: number;
  /** B(S) / S: the bytes on the limiting fabric per byte of message. */
  fabricBytesPerByte: number;
  fit: NcclTestsFit;
}

function hostCounts(log: NcclTestsLog): string {
  const perHost = new Map<string, number>();
  for (const d of log.deviceList) if (d.host !== null) perHost.set(d.host, (perHost.get(d.host) ?? 0) + 1);
  const counts = [...perHost.values()];
  return `${counts.slice(0, -1).join(', ')} and ${counts[counts.length - 1]}`;
}

/**
 * The shape to fit: the log's devices and devices per node, `devicesPerNode` overriding the latter.
 * Without either, one node. Where the log does not tell the devices its collective's busbw does not
 * depend on them (sendrecv, broadcast, reduce), so a nominal count stands in.
 */
function shapeOf(log: NcclTestsLog, devicesPerNode: number | undefined): { shape: LogShape; devicesKnown: boolean } {
  const { collective, devices } = log;
  if (devices === null) {
    const perNode = devicesPerNode ?? 2;
    return { shape: { collective, devices: devicesPerNode === undefined ? perNode : 2 * perNode, devicesPerNode: perNode }, devicesKnown: false };
  }
  if (devices < 2) {
    const where = log.deviceList[0]?.line ?? log.rows[0].line;
    throw new GradsyncError('bad-input', `line ${where}: the run had one device, which sends nothing to others; there is no bandwidth to fit`);
  }
  if (devicesPerNode !== undefined)
    return { shape: { collective, devices, devicesPerNode: checkDevicesPerNode(devicesPerNode, devices, 'calibration') }, devicesKnown: true };
  if (log.nodes !== null && log.nodes > 1 && log.devicesPerNode === null) {
    throw new GradsyncError('bad-argument', `the device list puts ${hostCounts(log)} devices on its ${log.nodes} hosts; devices per node must be given`, {
      field: 'devicesPerNode',
      allowed: `divide the ${devices} devices; the device list puts ${hostCounts(log)} of them on its ${log.nodes} hosts`,
    });
  }
  return { shape: { collective, devices, devicesPerNode: log.devicesPerNode ?? devices }, devicesKnown: true };
}

/** Fits a parsed log's out-of-place times (the placement every binary prints). */
export function calibrate(log: NcclTestsLog, devicesPerNode?: number): Calibration {
  const { shape, devicesKnown } = shapeOf(log, devicesPerNode);
  const usable = log.rows.filter((row) => row.bytes > 0 && row.outOfPlace.timeUs > 0);
  if (usable.length < 2) {
    const last = log.rows[log.rows.length - 1].line;
    throw new GradsyncError(
      'bad-input',
      `line ${last}: ${usable.length === 1 ? 'one row' : 'no row'} with bytes and a time; the model needs at least two sizes`,
    );
  }
  const fit = fitNcclTests(
    shape,
    log.rows.map((row) => ({ bytes: row.bytes, timeUs: row.outOfPlace.timeUs })),
  );
  return { shape, devicesKnown, nodes: shape.devices / shape.devicesPerNode, fabricBytesPerByte: fabricBytes(shape, 1), fit };
}
