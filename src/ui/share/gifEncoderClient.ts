// The page's side of the GIF worker: frames go in with their pixels transferred; at most a couple wait
// in the worker at a time, so a fast capture never piles up hundreds of megabytes of frames.

import type { GifReply, GifRequest } from './gifProtocol';

/** Frames sent but not yet encoded before `add` waits. */
const MAX_WAITING = 2;

export interface GifEncoding {
  /** Sends a frame; resolves once the worker has room for another. */
  add(frame: ImageData, delayMs: number): Promise<void>;
  /** The finished file. */
  finish(): Promise<Blob>;
  /** Stops the worker; whatever waits rejects. */
  close(): void;
}

/** What the encoding runs in: the module worker, or a stand-in in tests. */
export interface GifWorkerPort {
  postMessage(message: GifRequest, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<GifReply>) => void) | null;
  onerror: ((event: Event) => void) | null;
  terminate(): void;
}

export function startGifWorker(): GifWorkerPort {
  // Spelled out here so that Vite finds and bundles the worker, in dev, the app build and the library.
  return new Worker(new URL('./gifWorker.ts', import.meta.url), { type: 'module', name: 'gradsync-gif' }) as unknown as GifWorkerPort;
}

/** `onEncoded` hears the count of frames encoded so far. */
export function gifEncoding(port: GifWorkerPort, onEncoded: (frames: number) => void): GifEncoding {
  let sent = 0;
  let encoded = 0;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  let done: ((blob: Blob) => void) | null = null;
  let failed: ((error: Error) => void) | null = null;

  const fail = (error: Error) => {
    failure ??= error;
    failed?.(failure);
    wake?.();
  };
  port.onmessage = ({ data }) => {
    if (data.type === 'encoded') {
      encoded++;
      onEncoded(encoded);
      wake?.();
    } else if (data.type === 'done') done?.(new Blob([data.bytes], { type: 'image/gif' }));
    else fail(new Error(`the GIF could not be encoded (${data.message})`));
  };
  port.onerror = (event) => {
    event.preventDefault?.();
    fail(new Error('the GIF encoder could not start in this browser'));
  };

  return {
    async add(frame, delayMs) {
      if (failure) throw failure;
      const pixels = frame.data.buffer as ArrayBuffer;
      port.postMessage({ type: 'frame', index: sent++, width: frame.width, height: frame.height, pixels, delayMs }, [pixels]);
      while (sent - encoded >= MAX_WAITING && !failure) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      if (failure) throw failure;
    },
    finish() {
      if (failure) return Promise.reject(failure);
      return new Promise<Blob>((resolve, reject) => {
        done = resolve;
        failed = reject;
        port.postMessage({ type: 'finish' }, []);
      });
    },
    close() {
      port.terminate();
      fail(new Error('the GIF recording was stopped'));
    },
  };
}
