// A GIF's frames counted by walking its blocks, as a decoder does: the bytes that open a frame's
// header can also turn up inside compressed pixels, so counting them in the raw bytes is not a count.

/** How many images a GIF holds. */
export function gifFrames(gif: Uint8Array): number {
  let at = 13;
  const flags = gif[10];
  if (flags & 0x80) at += 3 * 2 ** ((flags & 7) + 1);
  const skipSubBlocks = () => {
    while (gif[at] !== 0) at += gif[at] + 1;
    at++;
  };
  let frames = 0;
  while (at < gif.length) {
    const block = gif[at];
    if (block === 0x3b) break;
    if (block === 0x21) {
      at += 2;
      skipSubBlocks();
    } else if (block === 0x2c) {
      frames++;
      const local = gif[at + 9];
      at += 10;
      if (local & 0x80) at += 3 * 2 ** ((local & 7) + 1);
      at++;
      skipSubBlocks();
    } else throw new Error(`not a GIF block at byte ${at}: ${block}`);
  }
  return frames;
}
