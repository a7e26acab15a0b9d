// The GIF encoder, off the page's thread: each frame gets its own 256-colour palette (gifenc's
// quantize), is indexed and appended; "finish" sends the file back.

import { applyPalette, GIFEncoder, quantize } from 'gifenc';
import type { GifReply, GifRequest } from './gifProtocol';

/** The parts of a dedicated worker's global scope used here (the DOM library types `self` as a window). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<GifRequest>) => void) | null;
  postMessage(message: GifReply, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
const encoder = GIFEncoder();

function handle(request: GifRequest): void {
  if (request.type === 'frame') {
    const rgba = new Uint8ClampedArray(request.pixels);
    const palette = quantize(rgba, 256);
    encoder.writeFrame(applyPalette(rgba, palette), request.width, request.height, { palette, delay: request.delayMs, repeat: 0 });
    scope.postMessage({ type: 'encoded', index: request.index });
    return;
  }
  encoder.finish();
  const bytes = encoder.bytes();
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  scope.postMessage({ type: 'done', bytes: buffer }, [buffer]);
}

scope.onmessage = (event) => {
  try {
    handle(event.data);
  } catch (error) {
    scope.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};
