// The numbers the kernels share with the plan have one source: plan.ts's wgslPrelude, put before
// every shader. A shader that writes one of them as a literal, or defines its own copy, would drift
// from the tables the plan writes without any GPU test noticing until the layout changed.

import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MULTI_RANGE, RANGES_PER_STEP, RUN_KINDS, rangeKind, runRange, STEP_PARAMS_STRIDE, wgslConstants, wgslPrelude } from '../../src/engine/webgpu/plan';

const SHADERS = new URL('../../shaders/', import.meta.url);

function shaderTexts(): [string, string][] {
  return readdirSync(SHADERS)
    .filter((name) => name.endsWith('.wgsl'))
    .map((name) => [name, readFileSync(new URL(name, SHADERS), 'utf8')]);
}

/** The code of a shader: comments out, and the binding attributes, whose numbers are the shader's own. */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/.*$/gm, ' ')
    .replace(/@(group|binding)\(\s*\d+\s*\)/g, ' ');
}

/** What a shader gets wrong about the shared constants, one line each. */
function problems(name: string, text: string): string[] {
  const shared = wgslConstants();
  const body = code(text);
  const found: string[] = [];
  const declared = new Set<string>();
  for (const [, what, id] of body.matchAll(/\b(const|override|let|var|fn|struct|alias)\s+([A-Za-z_]\w*)/g)) {
    declared.add(id);
    if (id in shared) found.push(`${name} defines ${what} ${id}, which the prelude defines`);
  }
  // Any number but 0 and 1 (a start, a step of one) is a size, a shift, a mask or a code: a name's job.
  for (const [literal] of body.matchAll(/(?<![\w.])(0[xX][0-9a-fA-F]+|\d+(\.\d*)?([eE][+-]?\d+)?)[uifh]?\b/g)) {
    if (!/^[01](u|i)?$/.test(literal)) found.push(`${name} hard-codes ${literal}`);
  }
  for (const [id] of body.matchAll(/\b[A-Z][A-Z0-9_]+\b/g)) {
    if (!(id in shared) && !declared.has(id)) found.push(`${name} uses ${id}, which neither it nor the prelude defines`);
  }
  return found;
}

describe('the constants the shaders share with the plan', () => {
  it('come from the prelude: no shader hard-codes or redefines one, and every name a shader uses exists', () => {
    const shaders = shaderTexts();
    expect(shaders.map(([name]) => name)).toEqual(expect.arrayContaining(['apply_transfers.wgsl', 'snapshot_messages.wgsl', 'add_vec4.wgsl']));
    expect(shaders.flatMap(([name, text]) => problems(name, text))).toEqual([]);
  });

  it('are caught when a shader copies them', () => {
    const copied = 'const ADDRESS_MASK: u32 = 0x0fffffffu;\nstruct S { r: array<vec4u, 10>, }\n@compute @workgroup_size(64) fn main() { let x = y >> 28u; }';
    expect(problems('copied.wgsl', copied)).toEqual([
      'copied.wgsl defines const ADDRESS_MASK, which the prelude defines',
      'copied.wgsl hard-codes 0x0fffffffu',
      'copied.wgsl hard-codes 10',
      'copied.wgsl hard-codes 64',
      'copied.wgsl hard-codes 28u',
    ]);
    expect(problems('typo.wgsl', '@compute @workgroup_size(WORKGROUP_SIZ) fn main() {}')).toEqual([
      'typo.wgsl uses WORKGROUP_SIZ, which neither it nor the prelude defines',
    ]);
  });

  it('are written as one u32 const per line', () => {
    const shared = wgslConstants();
    const lines = wgslPrelude().trimEnd().split('\n');
    expect(lines).toEqual(Object.entries(shared).map(([name, value]) => `const ${name}: u32 = ${value}u;`));
    for (const value of Object.values(shared)) expect(Number.isInteger(value) && value >= 0 && value < 2 ** 32).toBe(true);
  });

  it('agree with each other where the kernels rely on it', () => {
    const c = wgslConstants();
    // Each invocation takes lane and lane + WORKGROUP_SIZE of a tile.
    expect(c.RUN_VEC4S).toBe(2 * c.WORKGROUP_SIZE);
    expect(c.MULTI_VEC4S).toBe(2 * c.WORKGROUP_SIZE);
    // A run's count − 1 fits the spare top bits of its two words; a multi tile's count fits its field.
    expect(c.RUN_COUNT_LOW_BITS).toBe(32 - c.ADDRESS_BITS);
    expect(c.RUN_VEC4S - 1).toBeLessThan(2 ** (2 * c.RUN_COUNT_LOW_BITS));
    expect(c.ADDRESS_MASK).toBe(2 ** c.ADDRESS_BITS - 1);
    expect(c.TILE_COUNT_MASK).toBe(2 ** c.MESSAGE_COUNT_SHIFT - 1);
    expect(c.MULTI_VEC4S).toBeLessThanOrEqual(c.TILE_COUNT_MASK);
    expect(c.MESSAGE_COPY & c.MESSAGE_FROM_WIRE).toBe(0);
    // One step's parameters fit its stride of the uniform buffer.
    expect(c.RANGES_PER_STEP * 16).toBeLessThanOrEqual(STEP_PARAMS_STRIDE);
    const kinds = [c.KIND_REDUCE_MEMORY, c.KIND_REDUCE_WIRE, c.KIND_COPY_MEMORY, c.KIND_COPY_WIRE, c.KIND_MULTI];
    expect(new Set(kinds).size).toBe(kinds.length);
    const ops = [c.OP_SUM, c.OP_PROD, c.OP_MAX, c.OP_MIN];
    expect(new Set(ops).size).toBe(ops.length);
  });

  it('give every apply range the kind its runs were filed under', () => {
    expect(rangeKind(MULTI_RANGE)).toBe(wgslConstants().KIND_MULTI);
    for (let range = 1; range < MULTI_RANGE; range++) {
      const rank = Math.floor((range - 1) / RUN_KINDS.length);
      expect(runRange(rank, rangeKind(range))).toBe(range);
    }
    expect(RANGES_PER_STEP).toBe(MULTI_RANGE + 1);
  });
});
