// Copies the messages a step must read as they stood at its start (their source is also written in
// the step) from the devices' memory into the wire: one run of up to 128 vec4s per workgroup.

const ADDRESS_MASK: u32 = 0x0fffffffu;

// Per step: (first tile, tile count) of the snapshot pass, then of each apply range.
struct StepParams {
  ranges: array<vec4u, 10>,
}

@group(0) @binding(0) var<storage, read> memory: array<vec4f>;
@group(0) @binding(1) var<storage, read_write> wire: array<vec4f>;
// x: read address | (count − 1) >> 4 in the top bits; y: write address | (count − 1) & 15 on top.
@group(0) @binding(2) var<storage, read> runs: array<vec2u>;
@group(0) @binding(3) var<uniform> step: StepParams;

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) workgroup: vec3u, @builtin(num_workgroups) workgroups: vec3u, @builtin(local_invocation_index) lane: u32) {
  let t = workgroup.x + workgroup.y * workgroups.x;
  let range = step.ranges[0];
  if (t >= range.y) {
    return;
  }
  let run = runs[range.x + t];
  let count = (((run.x >> 28u) << 4u) | (run.y >> 28u)) + 1u;
  let read_at = run.x & ADDRESS_MASK;
  let write_at = run.y & ADDRESS_MASK;
  if (lane < count) {
    wire[write_at + lane] = memory[read_at + lane];
  }
  if (lane + 64u < count) {
    wire[write_at + lane + 64u] = memory[read_at + lane + 64u];
  }
}
