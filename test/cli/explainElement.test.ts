import { afterAll, describe, expect, it } from 'vitest';
import { expectUsageError, makeTempDir, runCli } from './helpers';

const tmp = makeTempDir();
afterAll(() => tmp.remove());

const RING_VS_TREE = ['run', '--algorithm', 'ring', '--devices', '8', '--elements', '16', '--data', 'mixed', '--seed', '1', '--explain-element', '5'];

/** The lines the explanation adds below the run's summary. */
async function explanation(...argv: string[]): Promise<string[]> {
  const result = await runCli(argv);
  expect(result).toMatchObject({ code: 0, err: '' });
  const lines = result.out.trimEnd().split('\n');
  return lines.slice(lines.findIndex((line) => line.startsWith('element ')));
}

describe('gradsync run --explain-element', () => {
  it('writes each algorithm’s tree, its f32 result in decimal and bits, the error, the bound and the ulps between them', async () => {
    const lines = await explanation(...RING_VS_TREE, '--compare-with', 'double-tree');
    expect(lines).toEqual([
      'element 5 · mixed data, seed 1 · exact sum -1019.7952880859375',
      '  ring · chunk 3 · computed on GPU-1 (finished in step 7), then copied to every other GPU',
      '    ((((((c₃+d₃)+e₃)+f₃)+g₃)+h₃)+a₃)+b₃',
      "    f32 -1019.7952880859375 (0xc47ef2e6), the cpu engine's result; the tree evaluated in f32 gives the same bits",
      '    error 0 from the exact result; |error| ≤ γ(7)·Σ|xᵢ| = 4.172e-7 × 2468 = 0.00103 (7 additions deep) ✓',
      '  double-tree · chunk 3 · computed on GPU-0 (finished in step 5), then copied to every other GPU',
      '    ((h₃+(f₃+g₃))+((d₃+(b₃+c₃))+e₃))+a₃',
      "    f32 -1019.79522705078125 (0xc47ef2e5), the cpu engine's result; the tree evaluated in f32 gives the same bits",
      '    error +6.104e-5 from the exact result; |error| ≤ γ(5)·Σ|xᵢ| = 2.980e-7 × 2468 = 7.355e-4 (5 additions deep) ✓',
      '  ring and double-tree differ by 1 ulp: neighbouring f32 numbers',
      '  bound: a sum formed by a tree of depth k errs by at most γ(k)·Σ|xᵢ|, γ(k) = k·u/(1 − k·u), u = 2⁻²⁴ (Higham, Accuracy and Stability of Numerical Algorithms, §4.2)',
    ]);
  });

  it('explains one algorithm alone, and says where the devices of naive reduce in other orders', async () => {
    const alone = await explanation(...RING_VS_TREE);
    expect(alone).toHaveLength(6);
    expect(alone[1]).toBe('  ring · chunk 3 · computed on GPU-1 (finished in step 7), then copied to every other GPU');
    const naive = await explanation(
      'run',
      '--algorithm',
      'naive',
      '--devices',
      '4',
      '--elements',
      '1',
      '--data',
      'mixed',
      '--seed',
      '5',
      '--explain-element',
      '0',
    );
    expect(naive[1]).toBe(
      '  naive · chunk 1 · on GPU-0, GPU-1, each computes it itself (finished in step 1), in the same order up to swapped operands; the other GPUs reduce in other orders, below',
    );
    expect(naive[2]).toBe('    d₁+(c₁+(b₁+a₁))');
    expect(naive[5]).toMatch(/^ {4}GPU-2: d₁\+\(b₁\+\(a₁\+c₁\)\) = -?[\d.]+ \(0x[0-9a-f]{8}\), (the same value|\d+ ulps? from GPU-0's)$/);
    expect(naive[6]).toMatch(/^ {4}GPU-3: c₁\+\(b₁\+\(a₁\+d₁\)\) = /);
  });

  it('says when two orders agree to the bit: integers sum exactly in f32', async () => {
    const lines = await explanation(
      'run',
      '--algorithm',
      'ring',
      '--devices',
      '8',
      '--elements',
      '8',
      '--data',
      'integers',
      '--explain-element',
      '3',
      '--compare-with',
      'halving-doubling',
    );
    expect(lines).toContain('  ring and halving-doubling agree to the bit (different orders, the same bits)');
    expect(lines.filter((line) => line.includes('error 0 from the exact result'))).toHaveLength(2);
  });

  it('reads the element from an --input file, and shows the chain losing what the pairs keep', async () => {
    const half = 2 ** -24;
    const input = tmp.file('inputs.json', [[1], [half], [half], [half]]);
    const lines = await explanation(
      'run',
      '--algorithm',
      'ring',
      '--devices',
      '4',
      '--input',
      input,
      '--explain-element',
      '0',
      '--compare-with',
      'halving-doubling',
    );
    expect(lines[0]).toBe(`element 0 · data from ${input} · exact sum 1.000000178813934326171875`);
    // One element lies in the last chunk: ring adds d, then b, then c to a, each half an ulp of 1 that rounds away.
    expect(lines.slice(2, 4)).toEqual([
      '    ((d₄+a₄)+b₄)+c₄',
      "    f32 1 (0x3f800000), the cpu engine's result; the tree evaluated in f32 gives the same bits",
    ]);
    // halving-doubling adds the two halves to each other first: (a₄+c₄)+(b₄+d₄) keeps one ulp.
    expect(lines.slice(6, 8)).toEqual([
      '    (a₄+c₄)+(b₄+d₄)',
      "    f32 1.00000011920928955078125 (0x3f800001), the cpu engine's result; the tree evaluated in f32 gives the same bits",
    ]);
    expect(lines.at(-2)).toBe('  ring and halving-doubling differ by 1 ulp: neighbouring f32 numbers');
  });

  it('says so when an f32 sum overflows where the exact one does not', async () => {
    const input = tmp.file('huge.json', [[3e38], [3e38], [1], [2]]);
    const lines = await explanation('run', '--algorithm', 'ring', '--devices', '4', '--input', input, '--explain-element', '0');
    expect(lines[0]).toBe(`element 0 · data from ${input} · exact sum 600000001099551151555607988562290540547`);
    expect(lines[3]).toMatch(/^ {4}f32 Infinity \(0x7f800000\)/);
    expect(lines[4]).toMatch(/^ {4}the f32 result overflowed to Infinity; \|error\| ≤ γ\(3\)/);
  });

  it('gives the same as one object under --json, beside the run’s fields', async () => {
    const result = await runCli([...RING_VS_TREE, '--compare-with', 'double-tree', '--json']);
    expect(result).toMatchObject({ code: 0, err: '' });
    const json = JSON.parse(result.out);
    expect(json).toMatchObject({ verified: true, devices: 8, elements: 16 });
    expect(json.explain).toMatchObject({ element: 5, data: 'mixed data, seed 1', comparison: { ulps: 1, identical: false, sameExpression: false } });
    const [ring, tree] = json.explain.algorithms;
    expect(ring).toMatchObject({
      algorithm: 'ring',
      device: 0,
      chunk: 2,
      expression: '((((((c₃+d₃)+e₃)+f₃)+g₃)+h₃)+a₃)+b₃',
      inputs: 8,
      bits: '0xc47ef2e6',
      decimal: '-1019.7952880859375',
      matchesEngine: true,
      exact: { decimal: '-1019.7952880859375', value: -1019.7952880859375 },
      error: 0,
      within: true,
      bound: { roundings: 7 },
      replicas: [{ devices: [0, 1, 2, 3, 4, 5, 6, 7], reducedOn: [1] }],
    });
    expect(ring.tree).toMatchObject({ step: 7, device: 1, from: 0, into: { input: 'b₃', device: 1, chunk: 2 } });
    expect(tree).toMatchObject({ algorithm: 'double-tree', bits: '0xc47ef2e5', error: 2 ** -14, bound: { roundings: 5 }, within: true });
  });

  it('refuses a bad element, a bad algorithm, or --compare-with alone, with one line and exit 2', async () => {
    const base = ['run', '--algorithm', 'ring', '--devices', '4', '--elements', '16'];
    for (const bad of ['16', '-1', '1.5', 'abc', '']) {
      expectUsageError(await runCli([...base, '--explain-element', bad]), /^gradsync: --explain-element must be an integer from 0 to 15, got '.*'\n$/);
    }
    expectUsageError(await runCli([...base, '--compare-with', 'tree']), /--compare-with needs --explain-element I/);
    expectUsageError(await runCli([...base, '--explain-element', '2', '--compare-with', 'bogus']), /--compare-with must be one of naive, master, ring, tree/);
    const output = tmp.fresh('never.json');
    expectUsageError(await runCli([...base, '--explain-element', '99', '--output', output]), /--explain-element/, output);
  });

  it('is listed in run --help', async () => {
    const help = await runCli(['run', '--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('--explain-element <I>');
    expect(help.out).toContain('--compare-with <algorithm>');
    expect(help.out).toContain("'integers' 1…9");
  });
});
