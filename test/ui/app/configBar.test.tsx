// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GradsyncError } from '../../../src/core/errors';
import { describeError } from '../../../src/store/derive';
import { createSimStore } from '../../../src/store/simStore';
import { ConfigBar } from '../../../src/ui/config/ConfigBar';
import { engineCaption } from '../../../src/ui/config/EngineField';
import { SimProvider } from '../../../src/ui/StoreContext';
import { showWithStore } from '../showWithStore';

afterEach(cleanup);

function pick(algorithm: string) {
  fireEvent.change(screen.getByRole('combobox', { name: 'Algorithm' }), { target: { value: `allreduce/${algorithm}` } });
}

function typeInto(label: string, value: string) {
  const field = screen.getByRole('spinbutton', { name: label });
  fireEvent.change(field, { target: { value } });
  fireEvent.keyDown(field, { key: 'Enter' });
}

describe('the configuration bar', () => {
  for (const [devices, perNode] of [
    [4, 2],
    [6, 3],
    [8, 4],
    [16, 8],
    [7, 1],
  ] as const) {
    it(`picks ${perNode} devices per node when hierarchical-ring is chosen at ${devices} devices, and shows it next to Devices`, () => {
      const store = showWithStore(<ConfigBar />, { devices });
      expect(screen.queryByRole('spinbutton', { name: 'Devices per node' })).toBeNull();
      pick('hierarchical-ring');
      const { config, derived, error } = store.getState();
      expect([config.devicesPerNode, derived?.schedule.devicesPerNode, error]).toEqual([perNode, perNode, null]);
      const labels = screen.getAllByRole('spinbutton').map((field) => field.closest('label')!.firstChild!.textContent);
      expect(labels).toEqual(['Devices', 'Devices per node', 'Elements']);
      expect((screen.getByRole('spinbutton', { name: 'Devices per node' }) as HTMLInputElement).value).toBe(String(perNode));
    });
  }

  it('keeps a devices per node that divides the new device count and picks another where it does not', () => {
    const store = showWithStore(<ConfigBar />, { algorithm: 'hierarchical-ring', devices: 8, devicesPerNode: 4 });
    typeInto('Devices', '16');
    expect([store.getState().config.devicesPerNode, store.getState().derived!.schedule.devicesPerNode]).toEqual([4, 4]);
    typeInto('Devices', '6');
    expect([store.getState().config.devicesPerNode, store.getState().derived!.schedule.devicesPerNode]).toEqual([3, 3]);
  });

  it('says next to the field, in the app’s words, that devices per node must divide the devices', () => {
    const store = showWithStore(<ConfigBar />, { algorithm: 'hierarchical-ring', devices: 4, devicesPerNode: 2 });
    typeInto('Devices per node', '3');
    expect(screen.getByRole('alert').textContent).toBe('Devices per node must divide the 4 devices: 1, 2 or 4; got 3');
    expect(store.getState().config.devicesPerNode).toBe(2);
    typeInto('Devices per node', '4');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(store.getState().derived!.schedule.devicesPerNode).toBe(4);
  });

  it('draws hierarchical-ring opened with a devices per node that does not divide the devices, with one that does', () => {
    const store = showWithStore(<ConfigBar />, { algorithm: 'hierarchical-ring', devices: 4, devicesPerNode: 8 });
    expect([store.getState().error, store.getState().derived!.schedule.devicesPerNode]).toEqual([null, 2]);
    expect((screen.getByRole('spinbutton', { name: 'Devices per node' }) as HTMLInputElement).value).toBe('2');
  });

  it('says in the engine menu that the CPU engine runs and why, where WebGPU is missing', async () => {
    const store = createSimStore({ config: { backend: 'webgpu' }, gpu: null });
    render(
      <SimProvider store={store}>
        <ConfigBar />
      </SimProvider>,
    );
    await waitFor(() => expect(store.getState().engine?.active).toBe('cpu'));
    const menu = screen.getByRole('combobox', { name: 'Engine' }) as HTMLSelectElement;
    expect(Array.from(menu.options, (option) => option.textContent)).toEqual(['WebGPU (unavailable)', 'CPU']);
    expect(document.getElementById(menu.getAttribute('aria-describedby')!)!.textContent).toBe('CPU — no WebGPU here');
    act(() => store.getState().dispose());
  });
});

describe('engine captions', () => {
  it('name the engine that runs, and why it is not WebGPU where that was asked for', () => {
    const status = { requested: 'webgpu', active: 'cpu', adapter: null } as const;
    expect(engineCaption(null)).toBe('starting…');
    expect(engineCaption({ ...status, active: 'webgpu', adapter: 'SwiftShader', fallbackReason: null })).toBe('WebGPU · SwiftShader');
    expect(engineCaption({ ...status, requested: 'cpu', fallbackReason: null })).toBe('CPU engine');
    expect(engineCaption({ ...status, fallbackReason: 'WebGPU is not available in this browser; running on the CPU engine instead' })).toBe(
      'CPU — no WebGPU in this browser',
    );
    expect(engineCaption({ ...status, fallbackReason: 'this browser has WebGPU but no GPU adapter; running on the CPU engine instead' })).toBe(
      'CPU — WebGPU unavailable: this browser has WebGPU but no GPU adapter',
    );
  });
});

describe('errors about a setting, in the app', () => {
  it('name the field and what it allows, never the command line’s flag', () => {
    const error = new GradsyncError('bad-argument', '--devices-per-node must divide the number of devices (4), got 3', {
      field: 'devicesPerNode',
      value: 3,
      allowed: 'divide the 4 devices',
    });
    expect(error.message).toBe('--devices-per-node must divide the number of devices (4), got 3');
    expect(describeError(error)).toBe('Devices per node must divide the 4 devices; got 3');
    expect(describeError(new GradsyncError('bad-argument', "--op must be one of sum; got 'x'", { field: 'op', value: 'x', allowed: 'be one of sum' }))).toBe(
      'Op must be one of sum; got “x”',
    );
    expect(describeError(new GradsyncError('invalid-schedule', 'step 1, transfer 1: dst 9 is out of range 0..3'))).toBe(
      'step 1, transfer 1: dst 9 is out of range 0..3',
    );
  });
});
