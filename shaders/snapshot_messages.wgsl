// Copies the messages a step must read as they stood at its start (their source is also written in
// the step) from the devices' memory into the wire, one vec4 per invocation.

struct CopyTile {
  read_at: u32,
  write_at: u32,
  count: u32,
  unused: u32,
}

// Per step: (first tile, tile count) of the snapshot pass, then of each apply kernel.
struct StepParams {
  ranges: array<vec4u, 6>,
}

@group(0) @binding(0) var<storage, read> memory: array<vec4f>;
@group(0) @binding(1) var<storage, read_write> wire: array<vec4f>;
@group(0) @binding(2) var<storage, read> tiles: array<CopyTile>;
@group(0) @binding(3) var<uniform> step: StepParams;

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) workgroup: vec3u, @builtin(num_workgroups) workgroups: vec3u, @builtin(local_invocation_index) lane: u32) {
  let t = workgroup.x + workgroup.y * workgroups.x;
  let range = step.ranges[0];
  if (t >= range.y) {
    return;
  }
  let tile = tiles[range.x + t];
  if (lane < tile.count) {
    wire[tile.write_at + lane] = memory[tile.read_at + lane];
  }
}
