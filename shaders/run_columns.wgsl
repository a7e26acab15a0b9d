// Many steps of a plain schedule in one dispatch (columnPlan.ts): an invocation per vec4 of a chunk,
// walking its chunk's column through every step from `from_step` to `to_step`, with no barrier between
// steps, since no other invocation touches what it reads or writes. Each op is the CPU engine's: a
// reduce v = v ⊕ m, one f32 operation per component, or a copy v = m, in listed order; a fill copies a
// source to its column's part of the wire before the step's first write. The capitalized constants
// come from plan.ts and columnPlan.ts (wgslPrelude), and OP and combine from combine.wgsl, put
// before this text.

// Vec4s of its column each invocation walks (columnPlan.ts's `each`).
override EACH: u32 = 1;
// Invocations per workgroup: the adapter's width (workgroup.ts), which the plan tiles by.
override WORKGROUP: u32;

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

// One op on this invocation's `count` vec4s of the column, `span` apart: `source` and `destination`
// are the first of them in memory, `at_wire` its first vec4 on the wire. Each kind has its own loop,
// so the branch is taken once an op, not once a vec4.
fn apply(kind: u32, source: u32, destination: u32, at_wire: u32, count: u32, span: u32) {
  switch kind {
    case COLUMN_REDUCE_MEMORY: {
      for (var k = 0u; k < count; k++) {
        let at = destination + k * span;
        memory[at] = combine(memory[at], memory[source + k * span]);
      }
    }
    case COLUMN_COPY_MEMORY: {
      for (var k = 0u; k < count; k++) {
        memory[destination + k * span] = memory[source + k * span];
      }
    }
    case COLUMN_REDUCE_WIRE: {
      for (var k = 0u; k < count; k++) {
        let at = destination + k * span;
        memory[at] = combine(memory[at], wire[at_wire + k * span]);
      }
    }
    case COLUMN_COPY_WIRE: {
      for (var k = 0u; k < count; k++) {
        memory[destination + k * span] = wire[at_wire + k * span];
      }
    }
    default: {
      // COLUMN_FILL: the source as it stood before the step's first write.
      for (var k = 0u; k < count; k++) {
        wire[at_wire + k * span] = memory[source + k * span];
      }
    }
  }
}

@compute @workgroup_size(WORKGROUP)
fn main(@builtin(global_invocation_id) id: vec3u, @builtin(num_workgroups) workgroups: vec3u) {
  let g = id.x + id.y * workgroups.x * WORKGROUP;
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
  // This invocation's vec4s of the column: EACH of them, as far apart as its tile of the column has
  // invocations (WORKGROUP, or fewer in a last, narrower tile), so that neighbouring invocations
  // touch neighbouring vec4s.
  let unit = g - column.first_invocation;
  let stride = column.vec4s;
  let tile_start = (unit / WORKGROUP) * WORKGROUP * EACH;
  let span = min(WORKGROUP, (stride - tile_start + EACH - 1u) / EACH);
  let first_lane = tile_start + unit % WORKGROUP;
  let end = columns[low + 1u].first_op;
  let first = first_op_at(column.first_op, end, run.from_step);
  let stop = first_op_at(first, end, run.to_step);
  // Its vec4s that lie inside the column: EACH, or fewer at the column's end.
  let count = min(EACH, (stride - first_lane + span - 1u) / span);
  let here = column.memory_start + first_lane;
  for (var i = first; i < stop; i++) {
    let op = ops[i];
    let source = here + (op.x & COLUMN_DEVICE_MASK) * stride;
    let destination = here + ((op.x >> COLUMN_DEVICE_BITS) & COLUMN_DEVICE_MASK) * stride;
    apply(op.x >> COLUMN_KIND_SHIFT, source, destination, op.y + first_lane, count, span);
  }
}
