// The worker's encoding, run in Node with a stand-in for the worker's global scope: frames in, an
// acknowledgement per frame, and on "finish" a GIF with one frame per frame sent.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GifReply, GifRequest } from '../../../src/ui/share/gifProtocol';

interface Scope {
  onmessage: ((event: { data: GifRequest }) => void) | null;
  postMessage(message: GifReply, transfer?: Transferable[]): void;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

async function startWorker(): Promise<{ send(request: GifRequest): void; replies: GifReply[] }> {
  const replies: GifReply[] = [];
  const scope: Scope = { onmessage: null, postMessage: (message) => replies.push(message) };
  vi.stubGlobal('self', scope);
  await import('../../../src/ui/share/gifWorker');
  return { send: (request) => scope.onmessage!({ data: request }), replies };
}

function pixels(width: number, height: number, rgb: [number, number, number]): ArrayBuffer {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([...rgb, 255], i);
  return data.buffer;
}

describe('the GIF worker', () => {
  it('acknowledges each frame and sends back a GIF of as many frames, at their size and delays', async () => {
    const worker = await startWorker();
    worker.send({ type: 'frame', index: 0, width: 4, height: 3, pixels: pixels(4, 3, [255, 0, 0]), delayMs: 400 });
    worker.send({ type: 'frame', index: 1, width: 4, height: 3, pixels: pixels(4, 3, [0, 0, 255]), delayMs: 2500 });
    worker.send({ type: 'finish' });
    expect(worker.replies.slice(0, 2)).toEqual([
      { type: 'encoded', index: 0 },
      { type: 'encoded', index: 1 },
    ]);
    const done = worker.replies[2];
    expect(done.type).toBe('done');
    const gif = Buffer.from((done as { bytes: ArrayBuffer }).bytes);
    expect(gif.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect([gif.readUInt16LE(6), gif.readUInt16LE(8)]).toEqual([4, 3]);
    // Each frame's graphic control extension holds its delay in hundredths of a second.
    const controls = [...gif.toString('latin1').matchAll(/\x21\xf9\x04/g)].map((m) => gif.readUInt16LE(m.index! + 4));
    expect(controls).toEqual([40, 250]);
  });

  it('answers a frame it cannot encode with one line instead of dying', async () => {
    const worker = await startWorker();
    worker.send({ type: 'frame', index: 0, width: 4, height: 3, pixels: new ArrayBuffer(5), delayMs: 400 });
    expect(worker.replies).toHaveLength(1);
    expect(worker.replies[0].type).toBe('failed');
  });
});
