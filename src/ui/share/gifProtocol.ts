// The messages between the GIF recorder and its worker: frames in (their pixels transferred, not
// copied), acknowledgements and the finished file out.

export type GifRequest = { type: 'frame'; index: number; width: number; height: number; pixels: ArrayBuffer; delayMs: number } | { type: 'finish' };

export type GifReply = { type: 'encoded'; index: number } | { type: 'done'; bytes: ArrayBuffer } | { type: 'failed'; message: string };
