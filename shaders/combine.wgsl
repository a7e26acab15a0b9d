// The reduction every engine kernel applies, one f32 operation per component, as the CPU engine does:
// put before apply_transfers.wgsl and run_columns.wgsl where their modules are made (resources.ts,
// columnRun.ts), after the constants of plan.ts (wgslPrelude).

// OP_SUM (avg's inputs are premultiplied), OP_PROD, OP_MAX or OP_MIN.
override OP: u32 = OP_SUM;

// max and min take the message where it is larger (smaller): exact, and with a fixed choice between
// +0 and −0 that the CPU engine makes the same way.
fn combine(v: vec4f, m: vec4f) -> vec4f {
  switch OP {
    case OP_PROD: { return v * m; }
    case OP_MAX: { return select(v, m, m > v); }
    case OP_MIN: { return select(v, m, m < v); }
    default: { return v + m; }
  }
}
