// One step of a schedule: every destination element takes the step's incoming messages in listed
// order, v = v ⊕ m for a reduce and v = m for a copy, each ⊕ one f32 operation per component — the
// CPU engine's order exactly, so both agree bit for bit. Each apply range of a step has its own
// pipeline (RANGE, KIND), so the kernel never branches on what it applies. The capitalized constants
// come from plan.ts (wgslPrelude), and OP and combine from combine.wgsl, put before this text.

// Runs of one message: KIND_REDUCE_MEMORY, KIND_REDUCE_WIRE, KIND_COPY_MEMORY, KIND_COPY_WIRE; or
// KIND_MULTI: several messages into one destination, in listed order.
override KIND: u32 = KIND_REDUCE_MEMORY;
// Which of the step's ranges this pipeline works through; every pipeline sets it.
override RANGE: u32;

struct MultiTile {
  destination: u32,
  first_message: u32,
  // The vec4 count below bit MESSAGE_COUNT_SHIFT, the message count from it.
  counts: u32,
  // Where the tile starts within the destination's piece, and so within every message.
  start: u32,
}

struct Message {
  // Start of the source piece, in memory or on the wire.
  source: u32,
  // MESSAGE_COPY, MESSAGE_FROM_WIRE.
  flags: u32,
}

// Per step: (first tile, tile count) of the snapshot pass, then of each apply range.
struct StepParams {
  ranges: array<vec4u, RANGES_PER_STEP>,
}

@group(0) @binding(0) var<storage, read_write> memory: array<vec4f>;
@group(0) @binding(1) var<storage, read> wire: array<vec4f>;
// x: source address, the high bits of (count − 1) on top; y: destination, its low bits on top.
@group(0) @binding(2) var<storage, read> runs: array<vec2u>;
@group(0) @binding(3) var<storage, read> multi_tiles: array<MultiTile>;
@group(0) @binding(4) var<storage, read> messages: array<Message>;
@group(0) @binding(5) var<uniform> step: StepParams;

fn apply_one(at: u32, read_at: u32) {
  switch KIND {
    case KIND_REDUCE_MEMORY: { memory[at] = combine(memory[at], memory[read_at]); }
    case KIND_REDUCE_WIRE: { memory[at] = combine(memory[at], wire[read_at]); }
    case KIND_COPY_MEMORY: { memory[at] = memory[read_at]; }
    default: { memory[at] = wire[read_at]; }
  }
}

fn load_message(read_at: u32, from_wire: bool) -> vec4f {
  if (from_wire) {
    return wire[read_at];
  }
  return memory[read_at];
}

// Each invocation keeps two vec4s (lane and lane + WORKGROUP_SIZE) while the messages are applied in
// order.
fn apply_several(tile: MultiTile, lane: u32) {
  let count = tile.counts & TILE_COUNT_MASK;
  let second = lane + WORKGROUP_SIZE < count;
  let at = tile.destination + lane;
  var v0 = memory[at];
  var v1 = vec4f();
  if (second) {
    v1 = memory[at + WORKGROUP_SIZE];
  }
  let messages_count = tile.counts >> MESSAGE_COUNT_SHIFT;
  for (var k = 0u; k < messages_count; k++) {
    let message = messages[tile.first_message + k];
    let read_at = message.source + tile.start + lane;
    let from_wire = (message.flags & MESSAGE_FROM_WIRE) != 0u;
    let copy = (message.flags & MESSAGE_COPY) != 0u;
    let m0 = load_message(read_at, from_wire);
    v0 = select(combine(v0, m0), m0, copy);
    if (second) {
      let m1 = load_message(read_at + WORKGROUP_SIZE, from_wire);
      v1 = select(combine(v1, m1), m1, copy);
    }
  }
  memory[at] = v0;
  if (second) {
    memory[at + WORKGROUP_SIZE] = v1;
  }
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn main(@builtin(workgroup_id) workgroup: vec3u, @builtin(num_workgroups) workgroups: vec3u, @builtin(local_invocation_index) lane: u32) {
  let t = workgroup.x + workgroup.y * workgroups.x;
  let range = step.ranges[RANGE];
  if (t >= range.y) {
    return;
  }
  if (KIND == KIND_MULTI) {
    let tile = multi_tiles[range.x + t];
    if (lane < (tile.counts & TILE_COUNT_MASK)) {
      apply_several(tile, lane);
    }
    return;
  }
  let run = runs[range.x + t];
  let count = (((run.x >> ADDRESS_BITS) << RUN_COUNT_LOW_BITS) | (run.y >> ADDRESS_BITS)) + 1u;
  let source = run.x & ADDRESS_MASK;
  let destination = run.y & ADDRESS_MASK;
  if (lane < count) {
    apply_one(destination + lane, source + lane);
  }
  if (lane + WORKGROUP_SIZE < count) {
    apply_one(destination + lane + WORKGROUP_SIZE, source + lane + WORKGROUP_SIZE);
  }
}
