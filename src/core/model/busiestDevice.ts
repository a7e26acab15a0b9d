// The busiest device over a whole run, as the views and the CLI call it out: the one whose port
// carries the most bytes. The other sense of "busiest", the port a step is charged for, is StepPorts
// (stepLoads.ts).

/** Bytes each device sent and received over a run (TrafficCounts and CostResult both carry them). */
export interface DeviceBytes {
  bytesSent: ArrayLike<number>;
  bytesReceived: ArrayLike<number>;
}

/** The busiest device of a run and the bytes through its port. */
export interface BusiestDevice {
  device: number;
  bytes: number;
}

/**
 * What each device's port carries over a run: the larger of the bytes it sends and receives, since a
 * full-duplex port does both at once and the cost model charges the larger.
 */
export function portBytes(traffic: DeviceBytes): Float64Array {
  const load = new Float64Array(traffic.bytesSent.length);
  for (let d = 0; d < load.length; d++) load[d] = Math.max(traffic.bytesSent[d], traffic.bytesReceived[d]);
  return load;
}

/**
 * Orders devices busiest first over a run: more bytes through the port first, ties to the lower index,
 * so the busiest device of a run is the first in this order.
 */
export function busierFirst(load: ArrayLike<number>): (a: number, b: number) => number {
  return (a, b) => load[b] - load[a] || a - b;
}

/** The device with the most bytes through its port over a run (ties: the lowest index); null when nothing moves. */
export function busiestDevice(traffic: DeviceBytes): BusiestDevice | null {
  const load = portBytes(traffic);
  const order = busierFirst(load);
  let best = 0;
  for (let d = 1; d < load.length; d++) if (order(d, best) < 0) best = d;
  return load.length > 0 && load[best] > 0 ? { device: best, bytes: load[best] } : null;
}

/** Every device tied for busiest over a run, ascending; none when nothing moves. */
export function busiestDevices(traffic: DeviceBytes): number[] {
  const busiest = busiestDevice(traffic);
  if (busiest === null) return [];
  const load = portBytes(traffic);
  const tied: number[] = [];
  for (let d = busiest.device; d < load.length; d++) if (load[d] === busiest.bytes) tied.push(d);
  return tied;
}
