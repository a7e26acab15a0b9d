// Many steps of a plain schedule in one dispatch (columnPlan.ts): an invocation per vec4 of a chunk,
// walking its chunk's column through every step from `from_step` to `to_step`, with no barrier between
// steps, since no other invocation touches what it reads or writes. Each op is the CPU engine's: a
// reduce v = v ⊕ m, one f32 operation per component, or a copy v = m, in listed order; a fill copies a
// source to its column's part of the wire before the step's first write. The capitalized constants
// come from plan.ts and columnPlan.ts (wgslPrelude), and OP and combine from combine.wgsl, put
// before this text.

// Whether any op of the schedule reads or fills the wire (most read only memory).
override WIRE: bool = true;
// Vec4s of its column each invocation walks, WORKGROUP_SIZE apart (columnPlan.ts's `each`).
override EACH: u32 = 1;

struct Column {
  first_invocation: u32,
  // Where the column starts in memory: device d's piece is at memory_start + d · vec4s.
  memory_start: u32,
  vec4s: u32,
  first_op: u32,
}

struct RunParams {
  from_step: u32,
  to_step: u32,
  invocations: u32,
  columns: u32,
}

@group(0) @binding(0) var<storage, read_write> memory: array<vec4f>;
@group(0) @binding(1) var<storage, read_write> wire: array<vec4f>;
@group(0) @binding(2) var<storage, read> columns: array<Column>;
// x: src | dst << COLUMN_DEVICE_BITS | kind << COLUMN_KIND_SHIFT; y: the wire vec4 it fills or reads.
@group(0) @binding(3) var<storage, read> ops: array<vec2u>;
@group(0) @binding(4) var<storage, read> op_steps: array<u32>;
@group(0) @binding(5) var<uniform> run: RunParams;

// The first op in [first, end) of step `step` or later.
fn first_op_at(first: u32, end: u32, step: u32) -> u32 {
  var low = first;
  var high = end;
  while (low < high) {
    let middle = (low + high) >> 1u;
    if (op_steps[middle] < step) {
      low = middle + 1u;
    } else {
      high = middle;
    }
  }
  return low;
}

// One op on one vec4 of the column: at `here` (device 0's place), `lane` into the step's wire.
fn apply(op: vec2u, here: u32, lane: u32, stride: u32) {
  let kind = op.x >> COLUMN_KIND_SHIFT;
  let source = here + (op.x & COLUMN_DEVICE_MASK) * stride;
  let destination = here + ((op.x >> COLUMN_DEVICE_BITS) & COLUMN_DEVICE_MASK) * stride;
  if (!WIRE) {
    // No op of this run reads or fills the wire: a reduce or a copy from memory, without a branch.
    let m = memory[source];
    memory[destination] = select(combine(memory[destination], m), m, kind == COLUMN_COPY_MEMORY);
    return;
  }
  // Two ways rather than five: a fill, or a message (from memory or the wire) reduced or copied.
  if (kind == COLUMN_FILL) {
    wire[op.y + lane] = memory[source];
    return;
  }
  let m = select(memory[source], wire[op.y + lane], kind == COLUMN_REDUCE_WIRE || kind == COLUMN_COPY_WIRE);
  memory[destination] = select(combine(memory[destination], m), m, kind >= COLUMN_COPY_MEMORY);
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn main(@builtin(global_invocation_id) id: vec3u, @builtin(num_workgroups) workgroups: vec3u) {
  let g = id.x + id.y * workgroups.x * WORKGROUP_SIZE;
  if (g >= run.invocations) {
    return;
  }
  // The column: the last whose first invocation is at or before g.
  var low = 0u;
  var high = run.columns;
  while (low + 1u < high) {
    let middle = (low + high) >> 1u;
    if (columns[middle].first_invocation <= g) {
      low = middle;
    } else {
      high = middle;
    }
  }
  let column = columns[low];
  // This invocation's vec4s of the column: EACH of them, WORKGROUP_SIZE apart, so that neighbouring
  // invocations touch neighbouring vec4s.
  let unit = g - column.first_invocation;
  let first_lane = (unit / WORKGROUP_SIZE) * WORKGROUP_SIZE * EACH + unit % WORKGROUP_SIZE;
  let stride = column.vec4s;
  let end = columns[low + 1u].first_op;
  let first = first_op_at(column.first_op, end, run.from_step);
  let stop = first_op_at(first, end, run.to_step);
  for (var i = first; i < stop; i++) {
    let op = ops[i];
    for (var k = 0u; k < EACH; k++) {
      let lane = first_lane + k * WORKGROUP_SIZE;
      if (lane < stride) {
        apply(op, column.memory_start + lane, lane, stride);
      }
    }
  }
}
