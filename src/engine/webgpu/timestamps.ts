// GPU time of a whole run from timestamp queries: the first pass writes its beginning, the last pass
// its end.

export type TimestampAt = 'begin' | 'end' | 'both';

export function timestampWrites(querySet: GPUQuerySet, at: TimestampAt): GPUComputePassTimestampWrites {
  if (at === 'begin') return { querySet, beginningOfPassWriteIndex: 0 };
  if (at === 'end') return { querySet, endOfPassWriteIndex: 1 };
  return { querySet, beginningOfPassWriteIndex: 0, endOfPassWriteIndex: 1 };
}

/** Which timestamps step s of a run of `steps` writes. */
export function timestampsOfStep(s: number, steps: number): TimestampAt | undefined {
  if (steps === 1) return 'both';
  return s === 0 ? 'begin' : s === steps - 1 ? 'end' : undefined;
}

export async function readTimestampsMs(device: GPUDevice, querySet: GPUQuerySet): Promise<number> {
  const resolve = device.createBuffer({ label: 'engine.timestampResolve', size: 16, usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC });
  const read = device.createBuffer({ label: 'engine.timestampRead', size: 16, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  const encoder = device.createCommandEncoder({ label: 'engine.timestamps' });
  encoder.resolveQuerySet(querySet, 0, 2, resolve, 0);
  encoder.copyBufferToBuffer(resolve, 0, read, 0, 16);
  device.queue.submit([encoder.finish()]);
  await read.mapAsync(GPUMapMode.READ);
  const [begin, end] = new BigUint64Array(read.getMappedRange());
  read.unmap();
  resolve.destroy();
  read.destroy();
  return Number(end - begin) / 1e6;
}
