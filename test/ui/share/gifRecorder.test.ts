// The GIF recorder's side of the worker: frames leave with their pixels transferred, at most two wait
// in the worker, progress counts frames encoded, and cancelling or a failing worker ends it cleanly.
import { describe, expect, it } from 'vitest';
import { gifEncoding, type GifWorkerPort } from '../../../src/ui/share/gifEncoderClient';
import type { GifReply, GifRequest } from '../../../src/ui/share/gifProtocol';
import { gifWidth, recordGif } from '../../../src/ui/share/gifRecorder';

/** A worker stand-in: it answers when told to, as a slow worker would, or at once when `prompt`. */
class FakeWorker implements GifWorkerPort {
  onmessage: ((event: MessageEvent<GifReply>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  received: { message: GifRequest; transferred: Transferable[] }[] = [];
  terminated = false;

  constructor(private readonly prompt = false) {}

  postMessage(message: GifRequest, transfer: Transferable[]): void {
    this.received.push({ message, transferred: transfer });
    if (!this.prompt) return;
    const reply: GifReply = message.type === 'frame' ? { type: 'encoded', index: message.index } : { type: 'done', bytes: new Uint8Array([71, 73, 70]).buffer };
    queueMicrotask(() => this.reply(reply));
  }

  terminate(): void {
    this.terminated = true;
  }

  reply(data: GifReply): void {
    this.onmessage?.({ data } as MessageEvent<GifReply>);
  }
}

const frame = (value: number) => ({ width: 2, height: 1, data: new Uint8ClampedArray(8).fill(value), colorSpace: 'srgb' }) as ImageData;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the GIF encoding in a worker', () => {
  it('transfers each frame’s pixels, waits while two frames are pending, and returns the worker’s file', async () => {
    const worker = new FakeWorker();
    const progress: number[] = [];
    const encoding = gifEncoding(worker, (frames) => progress.push(frames));
    await encoding.add(frame(1), 200);
    let third = false;
    const second = encoding.add(frame(2), 200).then(() => (third = true));
    await settle();
    expect(third).toBe(false);
    const sent = worker.received.map((r) => r.message);
    expect(sent.map((m) => (m.type === 'frame' ? [m.index, m.width, m.height, m.delayMs, m.pixels.byteLength] : m.type))).toEqual([
      [0, 2, 1, 200, 8],
      [1, 2, 1, 200, 8],
    ]);
    expect(worker.received[0].transferred).toEqual([(sent[0] as { pixels: ArrayBuffer }).pixels]);
    worker.reply({ type: 'encoded', index: 0 });
    await second;
    expect(progress).toEqual([1]);
    const file = encoding.finish();
    expect(worker.received.at(-1)!.message).toEqual({ type: 'finish' });
    worker.reply({ type: 'done', bytes: new TextEncoder().encode('GIF89a').buffer as ArrayBuffer });
    const blob = await file;
    expect([blob.type, blob.size]).toEqual(['image/gif', 6]);
  });

  it('says so in one line when the worker cannot start', async () => {
    const worker = new FakeWorker();
    const encoding = gifEncoding(worker, () => {});
    worker.onerror!(new Event('error'));
    await expect(encoding.add(frame(0), 100)).rejects.toThrow('the GIF encoder could not start in this browser');
  });
});

describe('recording the run', () => {
  it('shows every step, sends one frame per step at the player’s pace, the last held, then stops the worker', async () => {
    const worker = new FakeWorker(true);
    const shown: number[] = [];
    const encoded: number[] = [];
    const blob = await recordGif({
      steps: [0, 1, 2, 3],
      show: async (step) => void shown.push(step),
      capture: async () => frame(shown.length),
      encoding: gifEncoding(worker, (frames) => encoded.push(frames)),
      frameMs: 400,
      onProgress: () => {},
      signal: new AbortController().signal,
    });
    expect(shown).toEqual([0, 1, 2, 3]);
    expect(encoded).toEqual([1, 2, 3, 4]);
    expect(worker.received.map((r) => (r.message.type === 'frame' ? r.message.delayMs : r.message.type))).toEqual([400, 400, 400, 2500, 'finish']);
    expect(blob?.size).toBe(3);
    expect(worker.terminated).toBe(true);
  });

  it('returns nothing and stops the worker when cancelled mid-way', async () => {
    const worker = new FakeWorker(true);
    const abort = new AbortController();
    const shown: number[] = [];
    const blob = await recordGif({
      steps: [0, 1, 2, 3],
      show: async (step) => {
        shown.push(step);
        if (step === 1) abort.abort();
      },
      capture: async () => frame(0),
      encoding: gifEncoding(worker, () => {}),
      frameMs: 400,
      onProgress: () => {},
      signal: abort.signal,
    });
    expect(blob).toBeNull();
    expect(shown).toEqual([0, 1]);
    expect(worker.terminated).toBe(true);
    expect(worker.received.map((r) => r.message.type)).toEqual(['frame']);
  });
});

describe('the GIF’s size', () => {
  it('is twice the width a post shows it at, wider where GPU names would fall under 16 of its pixels', () => {
    // 640 px shown, on a screen of 2 device pixels per px.
    expect(gifWidth(830, 18)).toBe(1280);
    expect(gifWidth(400, 12.5)).toBe(800);
    // Names of 12.5 px on a picture 1400 px wide: 16 / 12.5 of its width.
    expect(gifWidth(1400, 12.5)).toBe(1792);
    expect(gifWidth(1400, 0)).toBe(1280);
    expect(gifWidth(4000, 10)).toBe(2560);
  });
});
