// The plain kernel the engine is measured against: a[i] = a[i] + b[i] over vec4s, one per invocation,
// in workgroups as wide as the whole run's on the same adapter (workgroup.ts).

override WORKGROUP: u32;

@group(0) @binding(0) var<storage, read_write> a: array<vec4f>;
@group(0) @binding(1) var<storage, read> b: array<vec4f>;

@compute @workgroup_size(WORKGROUP)
fn main(@builtin(global_invocation_id) id: vec3u, @builtin(num_workgroups) workgroups: vec3u) {
  let i = id.x + id.y * workgroups.x * WORKGROUP;
  if (i < arrayLength(&a)) {
    a[i] = a[i] + b[i];
  }
}
