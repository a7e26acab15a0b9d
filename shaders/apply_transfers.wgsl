// One step of a schedule: every destination element takes the step's incoming messages in listed
// order, v = v ⊕ m for a reduce and v = m for a copy, each ⊕ one f32 operation per component — the
// CPU engine's order exactly, so both agree bit for bit. One vec4 per invocation. Each kind of tile
// has its own pipeline (KIND), so the kernel never branches on what it applies.

// 0 sum (avg's inputs are premultiplied), 1 prod, 2 max, 3 min.
override OP: u32 = 0u;
// 0 one reduce from memory, 1 one reduce from the wire, 2 one copy from memory, 3 one copy from the
// wire, 4 several messages in listed order.
override KIND: u32 = 0u;

const COUNT_MASK: u32 = 0x7fu;
const MESSAGE_COUNT_SHIFT: u32 = 7u;
const MESSAGE_COPY: u32 = 1u;
const MESSAGE_FROM_WIRE: u32 = 2u;

// Single kinds: `source` is where the destination's vec4s are read. Several messages: `source` is the
// first message and `start` the tile's offset within its piece.
struct ApplyTile {
  destination: u32,
  source: u32,
  count: u32,
  start: u32,
}

struct Message {
  source: u32,
  flags: u32,
}

// Per step: (first tile, tile count) of the snapshot pass, then of each apply kernel.
struct StepParams {
  ranges: array<vec4u, 6>,
}

@group(0) @binding(0) var<storage, read_write> memory: array<vec4f>;
@group(0) @binding(1) var<storage, read> wire: array<vec4f>;
@group(0) @binding(2) var<storage, read> tiles: array<ApplyTile>;
@group(0) @binding(3) var<storage, read> messages: array<Message>;
@group(0) @binding(4) var<uniform> step: StepParams;

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

fn apply_several(at: u32, tile: ApplyTile, lane: u32) {
  var v = memory[at];
  let count = tile.count >> MESSAGE_COUNT_SHIFT;
  for (var k = 0u; k < count; k++) {
    let message = messages[tile.source + k];
    let read_at = message.source + tile.start + lane;
    var m: vec4f;
    if ((message.flags & MESSAGE_FROM_WIRE) != 0u) {
      m = wire[read_at];
    } else {
      m = memory[read_at];
    }
    if ((message.flags & MESSAGE_COPY) != 0u) {
      v = m;
    } else {
      v = combine(v, m);
    }
  }
  memory[at] = v;
}

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) workgroup: vec3u, @builtin(num_workgroups) workgroups: vec3u, @builtin(local_invocation_index) lane: u32) {
  let t = workgroup.x + workgroup.y * workgroups.x;
  let range = step.ranges[1u + KIND];
  if (t >= range.y) {
    return;
  }
  let tile = tiles[range.x + t];
  if (lane >= (tile.count & COUNT_MASK)) {
    return;
  }
  let at = tile.destination + lane;
  switch KIND {
    case 0u: { memory[at] = combine(memory[at], memory[tile.source + lane]); }
    case 1u: { memory[at] = combine(memory[at], wire[tile.source + lane]); }
    case 2u: { memory[at] = memory[tile.source + lane]; }
    case 3u: { memory[at] = wire[tile.source + lane]; }
    default: { apply_several(at, tile, lane); }
  }
}
