// The models a training step is modelled on: a list of layers in forward order, each with its
// parameter count and the FLOPs of its forward pass for one sample. The presets are computed from
// their published architectures (He et al. 2016 as torchvision builds ResNet-50; GPT-2's, BERT's and
// Llama 2's configurations), so their totals are the counts those models are known by: ResNet-50
// 25,557,032, BERT-base 109,482,240, GPT-2 124,439,808 and 1,557,611,200 (XL), Llama-2-7B
// 6,738,415,616. Forward FLOPs count a multiply-add as 2 and leave out normalisations and
// activations; a transformer's also count attention's scores and weighted sums (4·T²·d a block).

import { GradsyncError } from '../errors';

interface Layer {
  readonly name: string;
  readonly params: number;
  /** FLOPs of its forward pass for one sample. */
  readonly forwardFlops: number;
}

export interface TrainingModel {
  readonly id: string;
  readonly name: string;
  /** Forward order. */
  readonly layers: readonly Layer[];
  /** What one sample is: "224×224 image", "1,024 tokens". */
  readonly sample: string;
}

interface TransformerShape {
  vocab: number;
  /** Positions with a learnt embedding (0 for rotary). */
  positions: number;
  /** Token types (BERT's segments). */
  types: number;
  width: number;
  blocks: number;
  ffn: number;
  /** Tokens of one sample. */
  tokens: number;
  /** Biases on every linear layer, and LayerNorm's two vectors (else none, and RMSNorm's one). */
  biases: boolean;
  /** Feed-forward with a gate (SwiGLU: three matrices) instead of two. */
  gated: boolean;
  /** Output projection tied to the token embedding (no parameters of its own). */
  tiedHead: boolean;
  /** BERT's pooler (one d×d layer on the first token) instead of a language-model head. */
  pooler: boolean;
  /** A LayerNorm over the embeddings (BERT's). */
  embeddingNorm: boolean;
}

function transformer(id: string, name: string, s: TransformerShape): TrainingModel {
  const d = s.width;
  const norm = s.biases ? 2 * d : d;
  const linear = (inputs: number, outputs: number) => inputs * outputs + (s.biases ? outputs : 0);
  const attention = 4 * linear(d, d);
  const mlp = s.gated ? 3 * d * s.ffn : linear(d, s.ffn) + linear(s.ffn, d);
  const blockMatmuls = 4 * d * d + (s.gated ? 3 : 2) * d * s.ffn;
  const embeddings = (s.vocab + s.positions + s.types) * d + (s.embeddingNorm ? norm : 0);
  const layers: Layer[] = [{ name: 'embeddings', params: embeddings, forwardFlops: 0 }];
  for (let b = 0; b < s.blocks; b++) {
    layers.push({
      name: `block ${b + 1}`,
      params: attention + mlp + 2 * norm,
      forwardFlops: 2 * s.tokens * blockMatmuls + 4 * s.tokens * s.tokens * d,
    });
  }
  if (s.pooler) layers.push({ name: 'pooler', params: linear(d, d), forwardFlops: 2 * d * d });
  else layers.push({ name: 'head', params: norm + (s.tiedHead ? 0 : s.vocab * d), forwardFlops: 2 * s.tokens * s.vocab * d });
  return { id, name, layers, sample: `${s.tokens.toLocaleString('en-US')} tokens` };
}

/** ResNet-50 as torchvision builds it (v1.5: the stride on the 3×3 convolution), per stem, bottleneck block and classifier. */
function resnet50(): TrainingModel {
  const conv = (k: number, cin: number, cout: number, side: number) => ({ params: k * k * cin * cout, flops: 2 * k * k * cin * cout * side * side });
  const bn = (channels: number) => 2 * channels;
  const stem = conv(7, 3, 64, 112);
  const layers: Layer[] = [{ name: 'stem', params: stem.params + bn(64), forwardFlops: stem.flops }];
  let channels = 64;
  let side = 56;
  [3, 4, 6, 3].forEach((blocks, stage) => {
    const width = 64 << stage;
    for (let b = 0; b < blocks; b++) {
      const stride = stage > 0 && b === 0 ? 2 : 1;
      const out = side / stride;
      const parts = [conv(1, channels, width, side), conv(3, width, width, out), conv(1, width, 4 * width, out)];
      if (b === 0) parts.push(conv(1, channels, 4 * width, out));
      layers.push({
        name: `stage ${stage + 1} block ${b + 1}`,
        params: parts.reduce((sum, p) => sum + p.params, 0) + bn(width) * 2 + bn(4 * width) * (b === 0 ? 2 : 1),
        forwardFlops: parts.reduce((sum, p) => sum + p.flops, 0),
      });
      channels = 4 * width;
      side = out;
    }
  });
  layers.push({ name: 'classifier', params: 2048 * 1000 + 1000, forwardFlops: 2 * 2048 * 1000 });
  return { id: 'resnet50', name: 'ResNet-50', layers, sample: '224×224 image' };
}

const GPT2 = { vocab: 50257, positions: 1024, types: 0, tokens: 1024, biases: true, gated: false, tiedHead: true, pooler: false, embeddingNorm: false };

const PRESETS: Readonly<Record<string, () => TrainingModel>> = {
  resnet50,
  'bert-base': () =>
    transformer('bert-base', 'BERT-base', {
      vocab: 30522,
      positions: 512,
      types: 2,
      width: 768,
      blocks: 12,
      ffn: 3072,
      tokens: 512,
      biases: true,
      gated: false,
      tiedHead: false,
      pooler: true,
      embeddingNorm: true,
    }),
  'gpt2-small': () => transformer('gpt2-small', 'GPT-2 small', { ...GPT2, width: 768, blocks: 12, ffn: 3072 }),
  'gpt2-xl': () => transformer('gpt2-xl', 'GPT-2 XL', { ...GPT2, width: 1600, blocks: 48, ffn: 6400 }),
  'llama2-7b': () =>
    transformer('llama2-7b', 'Llama-2-7B', {
      vocab: 32000,
      positions: 0,
      types: 0,
      width: 4096,
      blocks: 32,
      ffn: 11008,
      tokens: 4096,
      biases: false,
      gated: true,
      tiedHead: false,
      pooler: false,
      embeddingNorm: false,
    }),
};

export const MODEL_PRESETS: readonly string[] = Object.keys(PRESETS);

const made = new Map<string, TrainingModel>();

/** A preset by id; bad input names the presets. */
export function presetModel(id: string): TrainingModel {
  const make = PRESETS[id];
  if (!make) {
    throw new GradsyncError('bad-argument', `unknown model "${id}"`, { field: 'model', value: id, allowed: `be one of ${MODEL_PRESETS.join(', ')}` });
  }
  let model = made.get(id);
  if (!model) made.set(id, (model = make()));
  return model;
}

/** Layers a custom model is split into. */
const CUSTOM_LAYERS = 12;
/** Largest parameter count modelled (a 10-trillion-parameter model). */
const MAX_PARAMS = 1e13;

/**
 * A model of `params` parameters split evenly into CUSTOM_LAYERS layers (the first ones one larger
 * where it does not divide), each doing 2 FLOPs per parameter per token for `tokens` tokens a sample.
 */
export function customModel(params: number, tokens = 1024): TrainingModel {
  if (!Number.isInteger(params) || params < 1 || params > MAX_PARAMS) {
    throw new GradsyncError('bad-argument', `the parameter count must be an integer from 1 to ${MAX_PARAMS.toExponential(0)}, got ${params}`, {
      field: 'params',
      value: params,
      allowed: `be an integer from 1 to ${MAX_PARAMS.toExponential(0)}`,
    });
  }
  const count = Math.min(CUSTOM_LAYERS, params);
  const base = Math.floor(params / count);
  const layers = Array.from({ length: count }, (_, i) => {
    const p = base + (i < params - base * count ? 1 : 0);
    return { name: `layer ${i + 1}`, params: p, forwardFlops: 2 * tokens * p };
  });
  return { id: 'custom', name: 'A custom model', layers, sample: `${tokens.toLocaleString('en-US')} tokens` };
}

export function totalParams(model: TrainingModel): number {
  return model.layers.reduce((sum, layer) => sum + layer.params, 0);
}

export function forwardFlops(model: TrainingModel): number {
  return model.layers.reduce((sum, layer) => sum + layer.forwardFlops, 0);
}
