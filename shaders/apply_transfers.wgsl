// One step of a schedule: every destination element takes the step's incoming messages in listed
// order, v = v ⊕ m for a reduce and v = m for a copy, each ⊕ one f32 operation per component — the
// CPU engine's order exactly, so both agree bit for bit. Each kind of work has its own pipeline
// (KIND), so the kernel never branches on what it applies.

// 0 sum (avg's inputs are premultiplied), 1 prod, 2 max, 3 min.
override OP: u32 = 0u;
// Runs of one message: 0 reduce from memory, 1 reduce from the wire, 2 copy from memory, 3 copy
// from the wire. 4: several messages into one destination, in listed order.
override KIND: u32 = 0u;
// Which of the step's ranges (plan.ts) this pipeline works through.
override RANGE: u32 = 1u;

const ADDRESS_MASK: u32 = 0x0fffffffu;
const COUNT_MASK: u32 = 0xffu;
const MESSAGE_COUNT_SHIFT: u32 = 8u;
const MESSAGE_COPY: u32 = 1u;
const MESSAGE_FROM_WIRE: u32 = 2u;

struct MultiTile {
  destination: u32,
  first_message: u32,
  counts: u32,
  start: u32,
}

struct Message {
  source: u32,
  flags: u32,
}

// Per step: (first tile, tile count) of the snapshot pass, then of each apply range.
struct StepParams {
  ranges: array<vec4u, 10>,
}

@group(0) @binding(0) var<storage, read_write> memory: array<vec4f>;
@group(0) @binding(1) var<storage, read> wire: array<vec4f>;
// x: source address | (count − 1) >> 4 in the top bits; y: destination | (count − 1) & 15 on top.
@group(0) @binding(2) var<storage, read> runs: array<vec2u>;
@group(0) @binding(3) var<storage, read> multi_tiles: array<MultiTile>;
@group(0) @binding(4) var<storage, read> messages: array<Message>;
@group(0) @binding(5) var<uniform> step: StepParams;

// max and min take the message where it is larger (smaller): exact, and with a fixed choice between
// +0 and −0 that the CPU engine makes the same way.
fn combine(v: vec4f, m: vec4f) -> vec4f {
  switch OP {
    case 1u: { return v * m; }
    case 2u: { return select(v, m, m > v); }
    case 3u: { return select(v, m, m < v); }
    default: { return v + m; }
  }
}

fn apply_one(at: u32, read_at: u32) {
  switch KIND {
    case 0u: { memory[at] = combine(memory[at], memory[read_at]); }
    case 1u: { memory[at] = combine(memory[at], wire[read_at]); }
    case 2u: { memory[at] = memory[read_at]; }
    default: { memory[at] = wire[read_at]; }
  }
}

fn load_message(read_at: u32, from_wire: bool) -> vec4f {
  if (from_wire) {
    return wire[read_at];
  }
  return memory[read_at];
}

// Each invocation keeps two vec4s (lane and lane + 64) while the messages are applied in order.
fn apply_several(tile: MultiTile, lane: u32) {
  let count = tile.counts & COUNT_MASK;
  let second = lane + 64u < count;
  let at = tile.destination + lane;
  var v0 = memory[at];
  var v1 = vec4f();
  if (second) {
    v1 = memory[at + 64u];
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
      let m1 = load_message(read_at + 64u, from_wire);
      v1 = select(combine(v1, m1), m1, copy);
    }
  }
  memory[at] = v0;
  if (second) {
    memory[at + 64u] = v1;
  }
}

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) workgroup: vec3u, @builtin(num_workgroups) workgroups: vec3u, @builtin(local_invocation_index) lane: u32) {
  let t = workgroup.x + workgroup.y * workgroups.x;
  let range = step.ranges[RANGE];
  if (t >= range.y) {
    return;
  }
  if (KIND == 4u) {
    let tile = multi_tiles[range.x + t];
    if (lane < (tile.counts & COUNT_MASK)) {
      apply_several(tile, lane);
    }
    return;
  }
  let run = runs[range.x + t];
  let count = (((run.x >> 28u) << 4u) | (run.y >> 28u)) + 1u;
  let source = run.x & ADDRESS_MASK;
  let destination = run.y & ADDRESS_MASK;
  if (lane < count) {
    apply_one(destination + lane, source + lane);
  }
  if (lane + 64u < count) {
    apply_one(destination + lane + 64u, source + lane + 64u);
  }
}
