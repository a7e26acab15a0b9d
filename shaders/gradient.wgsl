// Each simulated device's gradient of its own data shard, for the least-squares model of
// core/training/regression.ts, in the same order of f32 operations as meanGradient there: one
// invocation per (device, parameter) sums r_i·x_ij over the shard's samples in order, where the
// residual r_i starts from the bias, adds w_k·x_ik for k = 0 … D−1 and subtracts y_i; then it
// scales the sum by f32(1/B). The bias's x is 1.

struct Shape {
  devices: u32,
  samples: u32,
  features: u32,
  scale: f32,
}

@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read> y: array<f32>;
@group(0) @binding(2) var<storage, read> weights: array<f32>;
@group(0) @binding(3) var<storage, read_write> gradients: array<f32>;
@group(0) @binding(4) var<uniform> shape: Shape;

@compute @workgroup_size(WORKGROUP_SIZE)
fn main(@builtin(global_invocation_id) id: vec3u) {
  let params = shape.features + 1u;
  if (id.x >= shape.devices * params) {
    return;
  }
  let device = id.x / params;
  let j = id.x % params;
  let w = device * params;
  // A function-scope var starts at zero.
  var sum: f32;
  for (var s = 0u; s < shape.samples; s++) {
    let i = device * shape.samples + s;
    let row = i * shape.features;
    var prediction = weights[w + shape.features];
    for (var k = 0u; k < shape.features; k++) {
      prediction = prediction + weights[w + k] * x[row + k];
    }
    let residual = prediction - y[i];
    var term = residual;
    if (j < shape.features) {
      term = residual * x[row + j];
    }
    sum = sum + term;
  }
  gradients[id.x] = sum * shape.scale;
}
