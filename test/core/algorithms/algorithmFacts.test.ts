import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALGORITHMS, algorithmIds, buildSchedule, DEFAULT_ALGORITHM, MATCHUPS, specOf, type AlgorithmSpec } from '../../../src/core/algorithms';
import { suggestDevicesPerNode } from '../../../src/core/algorithms/options';
import { COLLECTIVES } from '../../../src/core/schedule/ir';
import { countTraffic } from '../../../src/core/model/traffic';
import { substituteFormula } from '../../../src/core/model/trafficFormulas';
import { deviceLayout } from '../../../src/ui/devices/layout/layouts';

const root = join(__dirname, '..', '..', '..');
const SPECS = COLLECTIVES.flatMap((collective) => ALGORITHMS[collective]);
const IDS = [...new Set(SPECS.map((spec) => spec.id))];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const LITERAL = `['"\`](?:${IDS.map(escape).join('|')})['"\`]`;
/** An algorithm field: `algorithm`, `schedule.algorithm`, `spec.id`, a bare `id`. */
const FIELD = String.raw`(?:[\w.?]*\balgorithm|[\w.?]*\.id|\bid)\b`;
const PATTERNS: { what: string; re: RegExp }[] = [
  { what: 'an algorithm field compared with an id', re: new RegExp(`${FIELD}\\s*[!=]==?\\s*${LITERAL}`, 'g') },
  { what: 'an id compared with an algorithm field', re: new RegExp(`${LITERAL}\\s*[!=]==?\\s*${FIELD}`, 'g') },
  { what: 'an id picked by name', re: new RegExp(`${FIELD}\\s*(?:(?<![!=<>])=(?!=)|:)\\s*${LITERAL}`, 'g') },
  { what: 'a list of ids', re: new RegExp(`\\[\\s*${LITERAL}(?:\\s*,\\s*${LITERAL})+\\s*,?\\s*\\]`, 'g') },
  { what: 'a list of ids', re: new RegExp(`\\[\\s*${LITERAL}\\s*\\]\\s*\\.(?:includes|indexOf)\\(`, 'g') },
  { what: 'a set of ids', re: new RegExp(`new Set\\(\\s*\\[\\s*${LITERAL}`, 'g') },
];

/** Comments may name algorithms freely; `//` inside a string (a URL) is kept. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' ')).replace(/(^|\s)\/\/.*$/gm, '$1');
}

/** The body of every `switch` on an algorithm field, from its `{` to the matching `}`. */
function switchBodies(text: string): { start: number; body: string }[] {
  const bodies: { start: number; body: string }[] = [];
  for (const match of text.matchAll(/switch\s*\(([^)]*)\)\s*\{/g)) {
    if (!new RegExp(`^\\s*${FIELD}\\s*$`).test(match[1])) continue;
    const start = match.index! + match[0].length;
    let depth = 1;
    let end = start;
    while (end < text.length && depth > 0) {
      if (text[end] === '{') depth++;
      else if (text[end] === '}') depth--;
      end++;
    }
    bodies.push({ start, body: text.slice(start, end) });
  }
  return bodies;
}

/** Each place in `text` that decides something by an algorithm's name: "line: what: the code". */
function nameChecks(text: string): string[] {
  const code = withoutComments(text);
  const lineOf = (index: number) => code.slice(0, index).split('\n').length;
  const found: { index: number; what: string; snippet: string }[] = [];
  for (const { what, re } of PATTERNS) for (const m of code.matchAll(re)) found.push({ index: m.index!, what, snippet: m[0] });
  for (const { start, body } of switchBodies(code)) {
    for (const m of body.matchAll(new RegExp(`case\\s+${LITERAL}`, 'g'))) found.push({ index: start + m.index!, what: 'a case on an id', snippet: m[0] });
  }
  return found.sort((a, b) => a.index - b.index).map((f) => `${lineOf(f.index)}: ${f.what}: ${f.snippet}`);
}

describe('no front end decides by an algorithm name', () => {
  it('src outside core/algorithms reads per-algorithm facts from the spec, never from an id', () => {
    const files = sourceFiles(join(root, 'src')).filter((file) => !relative(root, file).startsWith(join('src', 'core', 'algorithms')));
    expect(files.length).toBeGreaterThan(50);
    const findings = files.flatMap((file) => nameChecks(readFileSync(file, 'utf8')).map((finding) => `${relative(root, file)}:${finding}`));
    expect(findings).toEqual([]);
  });

  it('the check finds comparisons, cases, lists and sets of ids', () => {
    const bad = [
      "if (schedule.algorithm === 'hierarchical-ring') draw();",
      "const baseline = 'naive' !== config.algorithm;",
      "if (s.config?.algorithm == 'ring') {}",
      "switch (schedule.algorithm) {\n  case 'tree':\n    return 1;\n  case 'master': {\n    return 2;\n  }\n}",
      "switch (spec.id) { case 'double-tree': break; }",
      "const DASHED = new Set(['naive', 'master']);",
      "const pair = ['master', 'ring'];",
      "if (['ring'].includes(algorithm)) split();",
      "if (id === 'binomial-tree') root();",
      "const DEFAULT = { algorithm: 'ring', devices: 4 };",
      "if (flags.algorithm === undefined) flags.algorithm = 'ring';",
    ];
    for (const code of bad) expect(nameChecks(code), code).not.toEqual([]);
    expect(nameChecks(bad[3])).toEqual(["2: a case on an id: case 'tree'", "4: a case on an id: case 'master'"]);
  });

  it('the check leaves link kinds, mark kinds, layout words and comments alone', () => {
    const good = [
      "if (marks.kind === 'ring') wedge();",
      "links.push({ a, b, kind: areNeighbours(a, b, n) ? 'ring' : 'chord' });",
      "export type LinkKind = 'ring' | 'chord' | 'spoke' | 'tree';",
      "switch (layout.kind) { case 'tree': return 1; case 'double-tree': return 2; }",
      "const STRUCTURES = { tree: btreeLayout, 'double-tree': doubleTreeLayout };",
      'if (flags.algorithm === undefined) flags.algorithm = DEFAULT_ALGORITHM;',
      "// naive: schedule.algorithm === 'naive' draws no links",
      "/* switch (spec.id) { case 'ring': } */",
      "const url = 'https://example.org/?race=master,ring'; // ['naive', 'master']",
    ];
    for (const code of good) expect(nameChecks(code), code).toEqual([]);
  });
});

/** Options that build `spec` on N devices with its defaults (devices per node where it takes them). */
const optionsFor = (spec: AlgorithmSpec, devices: number) => ({
  devices,
  devicesPerNode: spec.takesDevicesPerNode ? suggestDevicesPerNode(devices) : undefined,
});
const build = (spec: AlgorithmSpec, devices: number, chunks?: number) =>
  buildSchedule({ collective: spec.collective, algorithm: spec.id, ...optionsFor(spec, devices), chunks });
const DEVICES = Array.from({ length: 16 }, (_, i) => i + 1);

describe('every algorithm spec carries its facts', () => {
  it('the registry finds each spec by collective and id, and nothing for an unknown name', () => {
    for (const spec of SPECS) expect(specOf({ collective: spec.collective, algorithm: spec.id })).toBe(spec);
    expect(specOf({ collective: 'allreduce', algorithm: 'binomial-tree' })).toBeUndefined();
    expect(specOf({ collective: 'allreduce', algorithm: 'my-own' })).toBeUndefined();
  });

  it('the default algorithm exists for every collective, and the matchups name all-reduce algorithms', () => {
    for (const collective of COLLECTIVES) expect(algorithmIds(collective)).toContain(DEFAULT_ALGORITHM);
    const ids = algorithmIds('allreduce');
    expect(ids).toEqual(expect.arrayContaining([MATCHUPS.crossover.challenger, MATCHUPS.crossover.incumbent, ...MATCHUPS.race]));
  });

  it('a schedule built without --chunks has the chunk count of its rule, and the rule says which counts are accepted', () => {
    for (const spec of SPECS) {
      for (const n of DEVICES) {
        const rule = spec.chunks;
        const natural = rule.kind === 'any' ? rule.fallback : rule.segments(n);
        expect(build(spec, n).chunks, `${spec.collective} ${spec.id} N=${n}`).toBe(natural);
        expect(build(spec, n, 3 * natural).chunks).toBe(3 * natural);
        if (rule.kind === 'segments' && natural > 1) expect(() => build(spec, n, natural + 1)).toThrow(`multiple of ${natural}`);
        if (rule.kind === 'any') expect(build(spec, n, 5).chunks).toBe(5);
      }
    }
  });

  it('its phases are the ones its steps carry, in the order they first appear', () => {
    for (const spec of SPECS) {
      const seen = new Set<string>();
      for (const n of DEVICES) {
        const phases = build(spec, n).steps.map((step) => step.phase);
        const firsts = phases.filter((phase, i) => phases.indexOf(phase) === i);
        const positions = firsts.map((phase) => spec.phases.indexOf(phase));
        expect(
          positions.every((p, i) => p >= 0 && (i === 0 || p > positions[i - 1])),
          `${spec.collective} ${spec.id} N=${n}: ${firsts.join(', ')}`,
        ).toBe(true);
        for (const phase of phases) seen.add(phase);
      }
      expect([...seen].sort(), `${spec.collective} ${spec.id}`).toEqual([...spec.phases].sort());
    }
  });

  it('the device view draws the layout the spec names, with links unless the spec says none', () => {
    for (const spec of SPECS) {
      for (const n of [4, 6, 8]) {
        const layout = deviceLayout(build(spec, n));
        expect(layout.kind, `${spec.collective} ${spec.id} N=${n}`).toBe(spec.layout);
        expect(layout.links.length > 0, `${spec.collective} ${spec.id} N=${n} links`).toBe(spec.drawsLinks);
      }
    }
  });

  it('only all-reduce algorithms carry a closed-form cost or the seeds’ traffic, and the baselines are the seeds’ naive and master', () => {
    for (const spec of SPECS.filter((s) => s.collective !== 'allreduce')) {
      expect(spec.costForm, spec.id).toBeUndefined();
      expect(spec.seedTraffic, spec.id).toBeUndefined();
      expect(spec.baseline, spec.id).toBe(false);
    }
    expect(ALGORITHMS.allreduce.filter((spec) => spec.baseline).map((spec) => spec.id)).toEqual(['naive', 'master']);
    expect(ALGORITHMS.allreduce.filter((spec) => spec.seedTraffic).map((spec) => spec.id)).toEqual(['naive', 'master', 'ring']);
  });
});

describe("the seeds' traffic formulas", () => {
  const counted = ALGORITHMS.allreduce.filter((spec) => spec.seedTraffic);

  it('their text, with G and N filled in, computes what their function does', () => {
    for (const spec of counted) {
      for (const formula of spec.seedTraffic!) {
        for (const g of DEVICES) {
          for (const n of [1, 7, 1024, 1000]) {
            const expression = substituteFormula(formula.text, g, n).replace(/,/g, '').replace(/·/g, '*').replace(/−/g, '-');
            expect(expression, formula.text).toMatch(/^[\d*/+\-() ]+$/);
            expect(Function(`return ${expression}`)(), `${formula.text} at G=${g}, N=${n}`).toBeCloseTo(formula.elements(g, n), 9);
          }
        }
      }
    }
  });

  it('agree with the counted traffic: exactly in all, and per device wherever G divides N', () => {
    for (const spec of counted) {
      for (const g of DEVICES) {
        const schedule = build(spec, g);
        for (const n of [0, 1, g, 3 * g, 1000, 1001, 12 * g + 5]) {
          const traffic = countTraffic(schedule, n);
          for (const formula of spec.seedTraffic!) {
            const expected = formula.elements(g, n);
            const what = `${spec.id} ${formula.text} G=${g} N=${n}`;
            if (formula.scope === 'in all') {
              expect(traffic.elementsTransferred, what).toBe(expected);
              continue;
            }
            const perDevice = [...traffic.bytesSent, ...traffic.bytesReceived].map((bytes) => bytes / 4);
            const [lo, hi] = [Math.min(...perDevice), Math.max(...perDevice)];
            if (n % g === 0) expect([lo, hi], what).toEqual([expected, expected]);
            else expect(lo <= expected && expected <= hi, what).toBe(true);
          }
        }
      }
    }
  });
});
