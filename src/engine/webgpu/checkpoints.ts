// Copies of the devices' memory every k steps, kept on the GPU, so stepping back replays at most
// k − 1 steps instead of the whole run.

/** Checkpoints together may use at most this much GPU memory. */
const CHECKPOINT_BUDGET_BYTES = 256 * 2 ** 20;

export class Checkpoints {
  readonly every: number;
  private readonly stateBytes: number;
  private readonly buffers = new Map<number, GPUBuffer>();

  /** Every `every` steps by default; further apart when the budget cannot hold one per eighth of the run. */
  constructor(steps: number, stateBytes: number, every?: number) {
    this.stateBytes = stateBytes;
    const affordable = Math.max(1, Math.floor(CHECKPOINT_BUDGET_BYTES / Math.max(1, stateBytes)));
    this.every = every ?? Math.max(1, Math.ceil(steps / 8), Math.ceil(steps / affordable));
  }

  /** The latest checkpoint at or before `step`; 0 means the inputs. */
  nearest(step: number): number {
    let best = 0;
    for (const at of this.buffers.keys()) if (at <= step && at > best) best = at;
    return best;
  }

  /**
   * The steps strictly between `from` and `to` that save() would make a copy after, saved in order:
   * those with no copy yet, as the budget allows.
   */
  newBetween(from: number, to: number): number[] {
    const made: number[] = [];
    let count = this.buffers.size;
    for (let at = Math.ceil((from + 1) / this.every) * this.every; at < to; at += this.every) {
      if (this.buffers.has(at) || (count + 1) * this.stateBytes > CHECKPOINT_BUDGET_BYTES) continue;
      count++;
      made.push(at);
    }
    return made;
  }

  /**
   * Encodes a copy of the memory after `step` when it is a checkpoint step, it has no copy yet and
   * the budget allows. A copy made before holds the same values: the inputs have not changed since
   * (new inputs, or a new device, clear every copy), and every run from them is the same.
   */
  save(device: GPUDevice, encoder: GPUCommandEncoder, memory: GPUBuffer, step: number): void {
    if (step % this.every !== 0 || this.buffers.has(step)) return;
    if ((this.buffers.size + 1) * this.stateBytes > CHECKPOINT_BUDGET_BYTES) return;
    const buffer = device.createBuffer({
      label: `engine.checkpoint${step}`,
      size: Math.max(16, this.stateBytes),
      usage: GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST,
    });
    this.buffers.set(step, buffer);
    encoder.copyBufferToBuffer(memory, 0, buffer, 0, this.stateBytes);
  }

  /** Submits a copy of checkpoint `step` into the memory. */
  restore(device: GPUDevice, memory: GPUBuffer, step: number): void {
    const encoder = device.createCommandEncoder({ label: 'engine.restoreCheckpoint' });
    encoder.copyBufferToBuffer(this.buffers.get(step)!, 0, memory, 0, this.stateBytes);
    device.queue.submit([encoder.finish()]);
  }

  /** Forgets every checkpoint (new inputs, or a new device whose buffers these are not). */
  clear(destroy: boolean): void {
    if (destroy) for (const buffer of this.buffers.values()) buffer.destroy();
    this.buffers.clear();
  }
}
