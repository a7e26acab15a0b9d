// Copies the messages a step must read as they stood at its start (their source is also written in
// the step) from the devices' memory into the wire: one run of up to RUN_VEC4S vec4s per workgroup.
// The capitalized constants come from plan.ts (wgslPrelude), put before this text.

// Per step: (first tile, tile count) of the snapshot pass, then of each apply range.
struct StepParams {
  ranges: array<vec4u, RANGES_PER_STEP>,
}

@group(0) @binding(0) var<storage, read> memory: array<vec4f>;
@group(0) @binding(1) var<storage, read_write> wire: array<vec4f>;
// x: read address, the high bits of (count − 1) on top; y: write address, its low bits on top.
@group(0) @binding(2) var<storage, read> runs: array<vec2u>;
@group(0) @binding(3) var<uniform> step: StepParams;

@compute @workgroup_size(WORKGROUP_SIZE)
fn main(@builtin(workgroup_id) workgroup: vec3u, @builtin(num_workgroups) workgroups: vec3u, @builtin(local_invocation_index) lane: u32) {
  let t = workgroup.x + workgroup.y * workgroups.x;
  let range = step.ranges[SNAPSHOT_RANGE];
  if (t >= range.y) {
    return;
  }
  let run = runs[range.x + t];
  let count = (((run.x >> ADDRESS_BITS) << RUN_COUNT_LOW_BITS) | (run.y >> ADDRESS_BITS)) + 1u;
  let read_at = run.x & ADDRESS_MASK;
  let write_at = run.y & ADDRESS_MASK;
  if (lane < count) {
    wire[write_at + lane] = memory[read_at + lane];
  }
  if (lane + WORKGROUP_SIZE < count) {
    wire[write_at + lane + WORKGROUP_SIZE] = memory[read_at + lane + WORKGROUP_SIZE];
  }
}
