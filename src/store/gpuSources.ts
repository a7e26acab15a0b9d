// Where a store's WebGPU comes from in a browser page; the engine layer finds it, views only pass it on.

export { browserGpu } from '../engine/webgpu/browser';
