// @vitest-environment jsdom
// NCCL's own log and dumps in the app: the loader tells them from schedules by their content, the
// panel draws a channel's ring and tree over the hosts (the picker, by mouse and keys, chooses the
// channel), sets the tree beside gradsync's double tree and the tuner's choices beside gradsync
// tune's, says what a partial log leaves out, and plays a channel as the app's schedule.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SimStore } from '../../../src/store/simStore';
import { NcclBuildPanel } from '../../../src/ui/ncclBuild/NcclBuildPanel';
import { clusterLog } from '../../core/ncclLog/ncclLogs';
import { pasteInLoader } from '../loader/pasteInLoader';
import { showWithStore } from '../showWithStore';
import { LoaderPage } from '../loader/LoaderPage';

const example = (name: string) => readFileSync(join(process.cwd(), 'public/examples', name), 'utf8');
const LOG = example('nccl-2x8-h100.log');
const TOPOLOGY = example('nccl-topo-h100.xml');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const paste = pasteInLoader;

async function show(): Promise<SimStore> {
  const store = showWithStore(
    <LoaderPage>
      <NcclBuildPanel />
    </LoaderPage>,
    {},
  );
  await act(settle);
  return store;
}

const panel = () => screen.getByRole('region', { name: 'What NCCL built' });
const figure = (name: string) => screen.getByRole('heading', { name }).closest('figure') as HTMLElement;

describe('what NCCL built, in the app', () => {
  it('pasted, draws a channel’s ring and tree over the hosts and sets them beside gradsync’s', async () => {
    const store = await show();
    const schedule = store.getState().derived!.schedule;
    paste(LOG);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(panel()).getByTestId('nccl-build-facts').textContent).toBe(
      'NCCL 2.26.2 · 16 ranks on 2 hosts · dgx-h100-a07: 0–7 · dgx-h100-a08: 8–15 · 16 channels · 130 lines not read',
    );
    const ring = figure('Ring of channel 0');
    expect(within(ring).getByRole('img').getAttribute('aria-label')).toBe(
      "Channel 0's ring: 0 → 1 → 2 → 3 → 4 → 5 → 6 → 7 → 8 → 9 → 10 → 11 → 12 → 13 → 14 → 15 → 0",
    );
    // Sixteen hops, two of them over the network between the hosts.
    expect(ring.querySelectorAll('path.gs-hop')).toHaveLength(16);
    expect(ring.querySelectorAll('path.gs-hop-net.gs-hop-across')).toHaveLength(2);
    expect(ring.textContent).toContain('It crosses between hosts 2 times: 7 → 8 by NET/IB/0/GDRDMA; 15 → 0 by NET/IB/0/GDRDMA.');
    const tree = figure('Tree of channel 0');
    expect(tree.querySelectorAll('path.gs-hop')).toHaveLength(15);
    expect(tree.querySelectorAll('.gs-build-root')).toHaveLength(1);
    expect(within(tree).getByText("Across the 2 nodes: the same as gradsync's tree 0, rooted at dgx-h100-a07.").className).toBe('gs-build-same');
    // The schedule shown is as it was.
    expect(store.getState().derived!.schedule).toBe(schedule);
  });

  it('chooses the channel by click and by arrow keys', async () => {
    await show();
    paste(LOG);
    fireEvent.click(screen.getByRole('radio', { name: '10' }));
    expect(screen.getByRole('radio', { name: '10' }).getAttribute('aria-checked')).toBe('true');
    const tree = figure('Tree of channel 10');
    expect(tree.textContent).toContain("Across the 2 nodes: the same as gradsync's tree 1, rooted at dgx-h100-a08.");
    expect(tree.textContent).toContain('dgx-h100-a07 runs 2 → 3 → 4 → 5 → 6 → 7 → 0 → 1');
    fireEvent.keyDown(screen.getByRole('radio', { name: '10' }), { key: 'ArrowRight' });
    expect(screen.getByRole('heading', { name: 'Ring of channel 11' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('radio', { name: '11' }), { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '15' }));
  });

  it('sets the tuner’s choices beside gradsync tune’s on the matched machine, and on one chosen', async () => {
    await show();
    paste(LOG);
    const section = screen.getByRole('region', { name: 'The tuner’s choices, beside gradsync’s model of them' });
    expect(section.textContent).toContain('gradsync’s model picks as NCCL did for 4 of 6 calls.');
    expect(screen.getByRole('region', { name: 'The graph search' }).textContent).toContain('The communicator’s 16 channels are twice the search’s 8');
    const row = within(section).getByRole('row', { name: /all-reduce of 256 KiB/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Ring/LL', 'Tree/LL128', '≠ differs']);
    fireEvent.change(within(section).getByLabelText('gradsync tune’s machine'), { target: { value: 'dgx-a100' } });
    expect(section.textContent).toContain('chosen here');
  });

  it('plays a channel’s ring as the app’s schedule, verified', async () => {
    const store = await show();
    paste(LOG);
    fireEvent.click(screen.getByRole('radio', { name: '2' }));
    fireEvent.click(within(figure('Ring of channel 2')).getByRole('button', { name: 'Play this ring' }));
    await waitFor(() => expect(store.getState().derived?.verification?.ok).toBe(true));
    expect(store.getState().custom?.name).toBe('nccl-ring-2');
    expect(store.getState().config.devices).toBe(16);
    // On the log's hosts, for the cost model and the picture.
    expect(store.getState().derived!.schedule.devicesPerNode).toBe(8);
    // The panel stays, to play another.
    expect(panel()).toBeTruthy();
  });

  it('says plainly what a partial log leaves out, and does not play what it does not show', async () => {
    await show();
    const partial = clusterLog('2.21', { nodes: 2, perNode: 4, channels: 2 })
      .split('\n')
      .filter((line) => !/:4005:/.test(line) && !/NCCL INFO Ring /.test(line))
      .map((line) => line.replace(/(Channel 01\/02 :(?: +\d+){5}).*/, '$1'))
      .join('\n');
    paste(partial);
    const gaps = within(panel()).getByRole('status');
    expect(gaps.textContent).toContain('No line of ranks 5: the log is partial, and nothing of theirs is guessed.');
    expect(gaps.textContent).toContain('The ring of channel 1 is shown only in part.');
    fireEvent.click(screen.getByRole('radio', { name: '1' }));
    // What cannot be played says why before anyone presses it.
    const ring = figure('Ring of channel 1');
    expect((within(ring).getByRole('button', { name: 'Play this ring' }) as HTMLButtonElement).disabled).toBe(true);
    expect(ring.textContent).toContain("Cannot be played: the log shows channel 1's ring only in part (5 of 8 ranks).");
    expect(figure('Tree of channel 1').textContent).toContain("Cannot be played: the log shows channel 1's tree without ranks 5.");
    expect(figure('Tree of channel 1').textContent).toContain('No comparison: no tree line of ranks 5 in channel 1: the log is partial.');
  });

  it('says where a ring or a tree in the log cannot be right, and does not play it', async () => {
    await show();
    const log = clusterLog('2.21', { nodes: 1, perNode: 4, channels: 1 })
      .replace(/(Channel 00\/01 :) .*/, '$1    0   1   1   3')
      .replace(/NCCL INFO Ring 00 : .*/g, 'NCCL INFO bootstrap')
      .replace(/(\[0\] NCCL INFO Trees \[0\] )[\d/-]+->0->/, '$13/-1/-1->0->');
    paste(log);
    const ring = figure('Ring of channel 0');
    expect(ring.textContent).toMatch(/This ring cannot be right: line \d+, “Channel 00\/01 : .*”, names rank 1 twice and never rank 2\./);
    expect((within(ring).getByRole('button', { name: 'Play this ring' }) as HTMLButtonElement).disabled).toBe(true);
    const tree = figure('Tree of channel 0');
    expect(tree.textContent).toMatch(/This tree’s lines contradict each other: rank \d’s line names/);
    expect(tree.textContent).toContain('Cannot be played: the tree’s lines contradict each other, as said above.');
    expect(ring.textContent).toContain('Cannot be played: the log’s ring cannot be right, as said above.');
  });

  it('adds the machine from a topology dump beside the log, and closes with ×', async () => {
    const store = await show();
    paste(LOG);
    paste(TOPOLOGY);
    expect(within(panel()).getByRole('heading', { level: 2 }).textContent).toBe('What NCCL built: pasted NCCL log + pasted NCCL dump');
    const machine = screen.getByRole('region', { name: 'The machine NCCL saw: pasted NCCL dump' });
    expect(machine.textContent).toContain('8 GPUs (8 with NVLinks), 8 NICs, 4 PCIe switches and bridges, 2 CPUs.');
    expect(machine.querySelectorAll('.gs-topo-switch')).toHaveLength(4);
    expect(machine.querySelector('.gs-topo-gpu')?.textContent).toBe('GPU 0 · rank 0 · sm 90NVLink 18× → NVSwitch');
    fireEvent.click(screen.getByRole('button', { name: 'Close what NCCL built' }));
    expect(store.getState().ncclBuild).toBeNull();
  });

  it('shows a log and a topology dump dropped together', async () => {
    const store = await show();
    const files = [new File([LOG], 'nccl.log'), new File([TOPOLOGY], 'topo.xml')];
    fireEvent.drop(screen.getByTestId('root'), { dataTransfer: { types: ['Files'], files } });
    await waitFor(() => expect(store.getState().ncclBuild?.topology?.name).toBe('topo.xml'), { timeout: 5000 });
    expect(store.getState().ncclBuild?.log?.name).toBe('nccl.log');
    expect(within(panel()).getByRole('heading', { level: 2 }).textContent).toBe('What NCCL built: nccl.log + topo.xml');
  });

  it('refuses a dump it cannot read in one line naming the line, keeping what is shown', async () => {
    const store = await show();
    paste(LOG);
    paste('<system version="1">\n  <cpu numaid="0"\n');
    const dialog = screen.getByRole('dialog', { name: 'Load a schedule or a log' });
    expect(within(dialog).getByRole('alert').textContent).toMatch(/^✕ Line \d+: /);
    expect(store.getState().ncclBuild?.log?.name).toBe('pasted NCCL log');
  });
});
