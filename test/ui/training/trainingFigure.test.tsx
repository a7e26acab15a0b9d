// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readTrainSettings } from '../../../src/embed/trainSettings';
import { TrainingEmbed } from '../../../src/ui/training/TrainingEmbed';
import { TrainingFigure } from '../../../src/ui/training/TrainingFigure';
import { reportFor, TRAINING_DEFAULTS, type TrainingSettings } from '../../../src/ui/training/trainingSettings';

const APP = 'https://example.org/gradsync/';

function figure(patch: Partial<TrainingSettings>) {
  const settings = { ...TRAINING_DEFAULTS, ...patch };
  return render(<TrainingFigure settings={settings} result={reportFor(settings)} appBase="./" />);
}

describe('the training figure', () => {
  afterEach(cleanup);

  it('draws a parameter server’s ports under the lanes: the servers’ saturated, carrying N/K = 8× a worker’s bytes', () => {
    figure({ strategy: 'ps', servers: 8 });
    const ports = screen.getByRole('region', { name: 'Parameter server ports' });
    const [server, worker] = within(ports).getAllByRole('listitem');
    expect(server.className).toContain('gs-train-port--saturated');
    expect(worker.className).not.toContain('saturated');
    expect(within(server).getByRole('meter').getAttribute('aria-valuenow')).toBe('100');
    expect(within(worker).getByRole('meter').getAttribute('aria-valuenow')).toBe('12');
    expect(server.textContent).toContain("saturated: 46.4 GiB an iteration, N/K = 8× a worker's");
    // 64 workers do not fit 600 px: the first ones and "…"; all 8 servers do.
    expect(ports.querySelectorAll('.gs-train-port-node--server')).toHaveLength(8);
    expect(ports.querySelectorAll('.gs-train-port-mark--hot')).toHaveLength(8);
  });

  it('draws no ports for a collective strategy, and says in one line why it cannot draw a configuration', () => {
    figure({ strategy: 'zero2' });
    expect(screen.queryByRole('region', { name: 'Parameter server ports' })).toBeNull();
    cleanup();
    figure({ strategy: 'zero3', algorithm: 'double-tree' });
    expect(screen.getByRole('alert').textContent).toBe(
      '✕ ZeRO-3 (FSDP) runs reduce-scatter and all-gather with the algorithm, and double-tree is not one for them all',
    );
  });
});

describe('the training figure for embeds', () => {
  afterEach(cleanup);

  it('links each collective’s bar and the foot to the app it was published with, in a new tab', () => {
    const { settings, notices, controls, theme } = readTrainSettings((key) => ({ strategy: 'zero3', devices: '8', model: 'gpt2-small' })[key] ?? null);
    render(<TrainingEmbed initial={settings} notices={notices} controls={controls} theme={theme} appBase={APP} />);
    expect(screen.getByRole('group').getAttribute('aria-label')).toBe('gradsync: GPT-2 small on 8 devices · ZeRO-3 (FSDP), ring');
    const bar = screen.getAllByRole('link', { name: 'Open the all-gather of layer 1 in the collective view' })[0];
    expect(bar.getAttribute('href')).toMatch(/^https:\/\/example\.org\/gradsync\/\?collective=allgather&algorithm=ring&devices=8&elements=\d+$/);
    expect(bar.getAttribute('target')).toBe('_blank');
    const foot = screen.getByRole('link', { name: 'Open in the training view ↗' });
    expect(foot.getAttribute('href')).toBe(`${APP}train.html?model=gpt2-small&devices=8&strategy=zero3`);
    // No settings unless controls="full".
    expect(screen.queryByRole('form', { name: 'Training settings' })).toBeNull();
  });

  it('turns each bad attribute into one line at the foot and uses the default', () => {
    const attributes: Record<string, string> = { model: 'gpt5', devices: '<b>many</b>', controls: 'all', strategy: 'ps' };
    const read = readTrainSettings((key) => attributes[key] ?? null);
    expect(read.settings).toEqual({ ...TRAINING_DEFAULTS, strategy: 'ps' });
    expect(read.notices).toEqual([
      'model must be one of resnet50, bert-base, gpt2-small, gpt2-xl, llama2-7b, custom; got “gpt5”; the default is used',
      'devices must be a whole number from 1 to 4,096; got “<b>many</b>”; the default is used',
      'controls must be one of standard, full; got “all”, using standard',
    ]);
    render(<TrainingEmbed initial={read.settings} notices={read.notices} controls={read.controls} theme={read.theme} appBase={APP} />);
    expect(screen.getAllByRole('status').map((line) => line.textContent)).toEqual(read.notices.map((text) => `⚠${text}`));
    expect(document.querySelector('b')).toBeNull();
  });

  it('shows the settings with controls="full"', () => {
    const read = readTrainSettings((key) => (key === 'controls' ? 'full' : null));
    render(<TrainingEmbed initial={read.settings} notices={read.notices} controls={read.controls} theme={read.theme} appBase={APP} />);
    expect(screen.getByRole('form', { name: 'Training settings' })).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Devices' }).getAttribute('aria-valuetext')).toBe('64');
  });
});
