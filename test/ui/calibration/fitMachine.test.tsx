// @vitest-environment jsdom
// A log's fit as a machine: "Use this fit in the model" makes it the machine menu's "fitted to …",
// with each protocol the fit gives; links, the race and the embed carry it (fit=); a hand on α, B or
// the topology, or a preset picked, leaves it.
import { act, fireEvent, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { fabricText } from '../../../src/core/formats/fabricText';
import { modelCost } from '../../../src/core/model/cost';
import { readSettings } from '../../../src/embed/settings';
import { formatUrlState, parseUrlState } from '../../../src/store/url';
import { MetricsPanel } from '../../../src/ui/metrics';
import { formatRaceUrl, parseRaceUrl } from '../../../src/ui/present/raceUrl';
import { showWithStore } from '../showWithStore';

const fixture = (name: string) => readFileSync(join(process.cwd(), 'test/fixtures/nccl-tests', name), 'utf8');

function fitted(name: string) {
  const store = showWithStore(<MetricsPanel />, { algorithm: 'ring', devices: 4 });
  act(() => {
    expect(store.getState().loadNcclTestsLog(fixture(name), name)).toBeNull();
    store.getState().applyLogFit();
  });
  return store;
}

describe('the fit as a machine', () => {
  it('is the machine menu’s “fitted to” entry, with the fit’s protocols, and the model runs on it', () => {
    const store = fitted('h100-2node-ib.txt');
    const { config, derived } = store.getState();
    expect(config.fit).not.toBeNull();
    expect(config.fit!.protocolLatencyUs).toHaveProperty('LL');
    expect(derived!.topology).toEqual({ kind: 'switch', ...config.fit });
    const menu = screen.getByLabelText('machine') as HTMLSelectElement;
    expect(menu.selectedOptions[0].textContent).toBe('fitted to h100-2node-ib.txt');
    expect(screen.getByTestId('fit-machine').textContent).toMatch(
      /^One switch: Simple α [\d.]+ µs per step, B [\d.]+ GB\/s; LL128 α [\d.]+ µs, B [\d.]+ GB\/s; LL α/,
    );
    // The fastest protocol weighs the fit's three, and takes the least of their times.
    fireEvent.change(screen.getByLabelText('protocol'), { target: { value: 'auto' } });
    const cost = store.getState().derived!.cost!;
    expect(Object.keys(cost.protocolTotalsUs).sort()).toEqual(['LL', 'LL128', 'Simple']);
    expect(cost.totalUs).toBe(Math.min(...Object.values(cost.protocolTotalsUs)));
    expect(screen.getByTestId('transport-words').textContent).toContain("of which the fit's");
  });

  it('travels in links, the race and the embed, to the same figures', () => {
    const store = fitted('h100-2node-tcpxo.txt');
    const config = { ...store.getState().config, protocol: 'LL128' as const };
    const search = formatUrlState(config, 0);
    expect(new URLSearchParams(search).get('fit')).toBe(fabricText(config.fit!));
    expect(parseUrlState(search).config).toEqual(config);
    const race = parseRaceUrl(formatRaceUrl(['ring', 'double-tree'], config));
    expect(race.config.fit).toEqual(config.fit);
    expect(readSettings((key) => new URLSearchParams(search).get(key)).config.fit).toEqual(config.fit);
    const schedule = buildSchedule({ algorithm: 'ring', devices: config.devices });
    const topology = { kind: 'switch' as const, ...config.fit!, transport: { protocol: 'LL128' as const } };
    act(() => store.getState().setConfig({ protocol: 'LL128' }));
    expect(store.getState().derived!.cost!.totalUs).toBe(modelCost(schedule, config.elements, topology).totalUs);
  });

  it('is left for custom α and B by a hand on α, and for a preset when one is picked', () => {
    const store = fitted('h100-1node.txt');
    const { latencyUs } = store.getState().config;
    fireEvent.change(screen.getByLabelText('latency α'), { target: { value: '2' } });
    expect(store.getState().config).toMatchObject({ fit: null, latencyUs: 2 });
    expect((screen.getByLabelText('machine') as HTMLSelectElement).value).toBe('custom');
    expect(latencyUs).not.toBe(2);
    act(() => store.getState().applyLogFit());
    fireEvent.change(screen.getByLabelText('machine'), { target: { value: 'dgx-h100' } });
    expect(store.getState().config).toMatchObject({ fit: null, preset: 'dgx-h100' });
    // Set directly (an embed attribute), α leaves it too: the model never runs on a fit it does not show.
    act(() => store.getState().applyLogFit());
    act(() => store.getState().setConfig({ bandwidthGBs: 50 }));
    expect(store.getState().config.fit).toBeNull();
  });

  it('opened from a link, shows the fit’s α and B in the fields and one switch; a new topology leaves it from there', () => {
    const { config } = parseUrlState('?algorithm=ring&devices=16&fit=29.63,251.2;LL128:4.757,151.2');
    const store = showWithStore(<MetricsPanel />, config);
    const field = (label: string) => (screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement).value;
    expect([field('latency α'), field('bandwidth B'), field('topology'), field('machine')]).toEqual(['29.63', '251.2', 'switch', 'fit']);
    expect(screen.getByTestId('fit-machine').textContent).toContain('LL the fastest at no size of the log, so the fastest protocol leaves it out');
    fireEvent.change(screen.getByLabelText('topology'), { target: { value: 'nodes' } });
    expect(store.getState().config).toMatchObject({ fit: null, topology: 'nodes', latencyUs: 29.63, bandwidthGBs: 251.2 });
  });

  it('a link whose fit cannot be read is a notice, and the model goes on with custom α and B', () => {
    const { config, notices } = parseUrlState('?fit=5,100;LL:x');
    expect(config.fit).toBeNull();
    expect(notices).toEqual([
      "fit could not be read: a fitted fabric must be 'α,B' in µs and GB/s, then ';LL:α,B' and ';LL128:α,B' where the fit has them; 'x' is not two numbers in '5,100;LL:x'; using custom α and B",
    ]);
  });
});
