// @vitest-environment jsdom
// The aggregate view's structure and heat as the page exposes them: the trees' depth bands, ring's
// progress arcs and halving-doubling's partners named in the key and on the picture, and a loaded
// schedule, which may hold a contribution twice, read from the step tracker without the arcs.

import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { createSimStore, type SimStore } from '../../../src/store/simStore';
import type { SimConfig } from '../../../src/store/config';
import { DevicesView } from '../../../src/ui/devices/DevicesView';
import { SimProvider } from '../../../src/ui/StoreContext';

function view(config: Partial<SimConfig>, step = 0): { store: SimStore; canvas: HTMLElement; key: HTMLElement } {
  const store = createSimStore({ config: { backend: 'cpu', ...config }, gpu: null, engine: false });
  store.getState().seek(step);
  const { container } = render(
    <SimProvider store={store}>
      <DevicesView />
    </SimProvider>,
  );
  return { store, canvas: screen.getByRole('img'), key: container.querySelector('.gs-devices-legend--aggregate')! };
}

afterEach(cleanup);

describe('the aggregate view', () => {
  it('draws the double tree on 128 devices as two trees of 8 depths, and names them and the heat', () => {
    const { canvas, key } = view({ algorithm: 'double-tree', devices: 128 }, 3);
    expect(canvas.dataset.structure).toBe('trees');
    expect(canvas.dataset.depths).toBe('8 8');
    expect(canvas.dataset.depthDevices).toBe('1,1,2,4,8,16,32,64 1,1,2,4,8,16,32,64');
    expect(key.textContent).toContain('tree 0');
    expect(key.textContent).toContain('tree 1');
    expect(key.textContent).toContain('depth bands, root innermost');
    expect(key.textContent).toContain('link heat: chunks a link moves this step');
  });

  it('counts ring’s chunks as it steps, and tells the busy links', () => {
    const { store, canvas, key } = view({ algorithm: 'ring', devices: 128 }, 127);
    expect(canvas.dataset.chunksReduced).toBe('128');
    expect(canvas.dataset.chunksShared).toBe('0');
    expect(key.textContent).toContain('arcs: chunks reduced');
    expect(key.textContent).toContain('1 chunk a link · 128 links busy');
    act(() => store.getState().toEnd());
    expect(canvas.dataset.chunksShared).toBe('128');
    expect(canvas.getAttribute('aria-label')).toContain('128 of 128 chunks fully reduced, 128 fully shared.');
  });

  it('tells halving-doubling’s partners this round', () => {
    const { store, canvas, key } = view({ algorithm: 'halving-doubling', devices: 128 }, 1);
    expect(canvas.dataset.partnersApart).toBe('64');
    expect(key.textContent).toContain('partners by round');
    act(() => store.getState().stepForward());
    expect(canvas.dataset.partnersApart).toBe('32');
  });

  it('reads a loaded schedule from the step tracker, without the arcs', () => {
    const store = createSimStore({ config: { backend: 'cpu' }, gpu: null, engine: false });
    act(() => void store.getState().loadSchedule(buildSchedule({ algorithm: 'ring', devices: 80 }), 'ring80.json'));
    store.getState().seek(10);
    render(
      <SimProvider store={store}>
        <DevicesView />
      </SimProvider>,
    );
    const canvas = screen.getByRole('img');
    expect(canvas.getAttribute('aria-label')).toContain('at step 10 of 158');
    expect(canvas.dataset.chunksReduced).toBeUndefined();
    expect(canvas.dataset.busyLinks).toBe('80');
    expect(document.body.textContent).not.toContain('arcs: chunks reduced');
  });
});
