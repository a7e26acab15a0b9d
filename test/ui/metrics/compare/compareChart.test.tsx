// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { algorithmIds } from '../../../../src/core/algorithms';
import type { SimConfig } from '../../../../src/store/config';
import type { SimStore } from '../../../../src/store/simStore';
import { showWithStore } from '../../showWithStore';
import { formatMicroseconds } from '../../../../src/ui/format';
import { CompareChart } from '../../../../src/ui/metrics';
import { compareData, modelFor, sizeWins, winRanges, type CompareInput } from '../../../../src/core/model/compare';
import { compareCaption } from '../../../../src/ui/metrics/compare/crossover';

function show(config: Partial<SimConfig>): SimStore {
  return showWithStore(<CompareChart />, config);
}

const ALGORITHMS = algorithmIds('allreduce');
const input = (patch: Partial<CompareInput> = {}): CompareInput => ({
  devices: 64,
  elements: 1 << 18,
  latencyUs: 5,
  bandwidthGBs: 100,
  devicesPerNode: 8,
  topology: 'nodes',
  algorithm: 'ring',
  chunks: null,
  ...patch,
});

describe('CompareChart', () => {
  it('draws one line per all-reduce algorithm in each of its two panels, and a caption', () => {
    show({ algorithm: 'ring', devices: 16, elements: 1 << 20 });
    const [byDevices, bySize] = screen.getAllByRole('img');
    for (const panel of [byDevices, bySize]) {
      const lines = Array.from(panel.querySelectorAll('path.gs-compare-line'));
      expect(lines.map((line) => line.getAttribute('data-algorithm'))).toEqual(expect.arrayContaining(ALGORITHMS));
      expect(lines).toHaveLength(ALGORITHMS.length);
      expect(lines.every((line) => (line.getAttribute('d') ?? '').startsWith('M'))).toBe(true);
    }
    expect(byDevices.getAttribute('aria-label')).toMatch(/^Model time of 8 all-reduce algorithms against device count/);
    const caption = screen.getByTestId('compare-caption').textContent!;
    expect(caption).toMatch(/^Tree beats ring below [\d.]+ [KMG]iB at 16 devices\./);
    expect(caption).toMatch(/Fastest at 16 devices and 4\.00 MiB: /);
  });

  it('marks the current configuration with a dot on its own line', () => {
    const store = show({ algorithm: 'ring', devices: 16, elements: 1 << 20, topology: 'nodes' });
    const dots = document.querySelectorAll('.gs-compare-current circle');
    expect(dots).toHaveLength(2);
    expect(document.querySelector('.gs-compare-current text')!.textContent).toBe(`ring: ${formatMicroseconds(store.getState().derived!.cost!.totalUs)}`);
    // The size panel's ring line passes through the dot: same model, same number.
    const data = compareData(input({ devices: 16, elements: 1 << 20 }));
    const ring = data.bySize.find((s) => s.algorithm === 'ring')!.points.find((p) => p.x === 4 << 20)!;
    expect(ring.timeUs).toBeCloseTo(store.getState().derived!.cost!.totalUs, 6);
  });

  it('clicking a line selects its algorithm', () => {
    const store = show({ algorithm: 'ring', devices: 8 });
    const [byDevices] = screen.getAllByRole('img');
    const tree = byDevices.querySelector('.gs-algo-tree .gs-compare-hit')!;
    fireEvent.click(tree);
    expect(store.getState().config.algorithm).toBe('tree');
    expect(screen.getByRole('button', { name: 'tree' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('the legend selects by keyboard and disables hierarchical-ring when devices per node does not divide N', () => {
    const store = show({ algorithm: 'ring', devices: 12, devicesPerNode: 8 });
    const legend = screen.getByRole('list', { name: 'Algorithms (select one)' });
    expect((within(legend).getByRole('button', { name: 'hierarchical-ring' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(legend).getByRole('button', { name: 'halving-doubling' }));
    expect(store.getState().config.algorithm).toBe('halving-doubling');
  });

  it('has a hidden table of every plotted value', () => {
    show({ algorithm: 'ring', devices: 16 });
    const tables = document.querySelectorAll('.gs-visually-hidden > table');
    expect(tables).toHaveLength(2);
    const header = Array.from(tables[0].querySelectorAll('thead th')).map((th) => th.textContent);
    expect(header).toEqual(['devices', ...ALGORITHMS]);
    expect(tables[0].querySelectorAll('tbody tr')).toHaveLength(10);
    expect(tables[1].querySelectorAll('tbody tr')).toHaveLength(29);
  });

  it('follows the configuration: a new size re-plots and re-captions', () => {
    const store = show({ algorithm: 'ring', devices: 4, elements: 1024 });
    act(() => store.getState().setConfig({ elements: 1 << 20 }));
    expect(screen.getByText('Model time vs devices, at 4.00 MiB')).toBeTruthy();
    expect(screen.getByTestId('compare-caption').textContent).toMatch(/At 4\.00 MiB, /);
  });
});

describe('crossover', () => {
  it('finds the exact element count where tree stops beating ring', () => {
    const at = input();
    const wins = sizeWins(at, 64)!;
    expect(wins.ranges).toHaveLength(1);
    const [from, to] = wins.ranges[0];
    expect(from).toBe(1);
    const tree = modelFor(at, 'tree', 64)!;
    const ring = modelFor(at, 'ring', 64)!;
    expect(tree(to)).toBeLessThan(ring(to));
    expect(tree(to + 1)).toBeGreaterThanOrEqual(ring(to + 1));
  });

  it('describes ranges: below, from … up, and both', () => {
    const grid = [1, 2, 4, 8, 16, 32];
    expect(winRanges(grid, (x) => x < 5, true).ranges).toEqual([[1, 4]]);
    expect(winRanges(grid, (x) => x >= 11, true).ranges).toEqual([[11, 32]]);
    expect(winRanges(grid, (x) => x === 2 || x >= 16, false).ranges).toEqual([
      [2, 2],
      [16, 32],
    ]);
    expect(winRanges(grid, () => true, false).ranges).toEqual([[1, 32]]);
    expect(winRanges(grid, () => false, false).ranges).toEqual([]);
  });

  it('captions tree against ring from the data', () => {
    const at = input({ devices: 64, elements: 1 << 18 });
    const caption = compareCaption(compareData(at));
    expect(caption.bySize).toMatch(/^Tree beats ring below [\d.]+ (KiB|MiB) at 64 devices\.$/);
    expect(caption.byDevices).toMatch(/^At 1\.00 MiB, (tree|ring) beats/);
  });
});
