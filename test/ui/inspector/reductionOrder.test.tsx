// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimConfig } from '../../../src/store/config';
import { createSimStore, type SimStore } from '../../../src/store/simStore';
import { Inspector } from '../../../src/ui/inspector/Inspector';
import { SimProvider } from '../../../src/ui/StoreContext';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const stores: SimStore[] = [];

afterEach(() => {
  cleanup();
  while (stores.length) stores.pop()!.getState().dispose();
});

/** The inspector of `device` on a CPU-only store of `config`, and its reduction-order section. */
async function orderSection(config: Partial<SimConfig>, device = 0) {
  const store = createSimStore({ config: { backend: 'cpu', ...config }, gpu: null });
  stores.push(store);
  render(
    <SimProvider store={store}>
      <Inspector />
    </SimProvider>,
  );
  await act(async () => {
    await settle();
    store.getState().inspect(device);
    await settle();
  });
  const dialog = await screen.findByRole('dialog', { name: `GPU-${device} inspector` });
  return { store, dialog, section: within(dialog).queryByRole('region', { name: 'Reduction order' }) };
}

describe('the inspector’s reduction order', () => {
  it('holds ring against double-tree on mixed data: both trees drawn, both results in bits, 1 ulp apart', async () => {
    const { section } = await orderSection({ devices: 8, elements: 16 });
    const order = within(section!);
    fireEvent.change(order.getByLabelText('element'), { target: { value: '5' } });
    await order.findByText('ring and double-tree differ by 1 ulp: neighbouring f32 numbers, each within its bound of the exact result.');
    expect(order.getByRole('img', { name: 'ring: ((((((c₃+d₃)+e₃)+f₃)+g₃)+h₃)+a₃)+b₃' })).toBeTruthy();
    expect(order.getByRole('img', { name: 'double-tree: ((h₃+(f₃+g₃))+((d₃+(b₃+c₃))+e₃))+a₃' })).toBeTruthy();
    // The same numbers as gradsync run --devices 8 --elements 16 --data mixed --explain-element 5.
    expect(order.getByText('0xc47ef2e6')).toBeTruthy();
    expect(order.getByText('0xc47ef2e5')).toBeTruthy();
    expect(order.getAllByText(/✓ the tree in f32 gives the same bits/)).toHaveLength(2);
    expect(order.getByText('|error| 0 ≤ γ(7)·Σ|x| = 0.00103')).toBeTruthy();
    expect(order.getByText('|error| 6.1e−5 ≤ γ(5)·Σ|x| = 7.35e−4')).toBeTruthy();
    expect(order.getByText('−1019.7952880859375')).toBeTruthy();
    expect(order.getByText(/7 additions deep/)).toBeTruthy();
    expect(order.getByText(/5 additions deep/)).toBeTruthy();
    expect(order.getByText('computed on GPU-1 (finished in step 7), then copied to every other GPU')).toBeTruthy();
  });

  it('says the data decide when the picture’s integers give the same bits in any order', async () => {
    const { section } = await orderSection({ devices: 8, elements: 16 });
    const order = within(section!);
    fireEvent.change(order.getByLabelText('data'), { target: { value: 'integers' } });
    await order.findByText(/ring and double-tree add in different orders, yet agree to the bit: small integers add exactly in f32/);
    expect(order.getAllByText('|error| 0 ≤', { exact: false })).toHaveLength(2);
  });

  it('explains the first element of the chunk chosen above, against the algorithm chosen', async () => {
    const { dialog, section } = await orderSection({ devices: 4, elements: 16, algorithm: 'double-tree' });
    const order = within(section!);
    // double-tree shown: held against ring by default.
    expect((order.getByLabelText('against') as HTMLSelectElement).value).toBe('ring');
    fireEvent.click(within(dialog).getByText('chunk 3').closest('button')!);
    expect((order.getByLabelText('element') as HTMLInputElement).value).toBe('4');
    fireEvent.change(order.getByLabelText('against'), { target: { value: 'halving-doubling' } });
    // 16 elements in double-tree's 8 chunks and halving-doubling's 4: element 4 is in chunk 3 and chunk 2.
    await order.findByRole('img', { name: 'halving-doubling: (c₂+a₂)+(d₂+b₂)' });
    expect(order.getByRole('img', { name: 'double-tree: (d₃+(b₃+c₃))+a₃' })).toBeTruthy();
  });

  it('refuses an element outside the buffer in the field, and is absent where the collective adds nothing', async () => {
    const { section } = await orderSection({ devices: 4, elements: 16 });
    const field = within(section!).getByLabelText('element');
    fireEvent.change(field, { target: { value: '16' } });
    expect(within(section!).getByRole('alert').textContent).toBe('Element must be a whole number ≥ 0 and at most 15, got 16');
    cleanup();
    const gather = await orderSection({ devices: 4, elements: 16, collective: 'allgather' });
    expect(gather.section).toBeNull();
  });

  it('says why it stops beyond 64 devices', async () => {
    const { section } = await orderSection({ devices: 65, elements: 65 });
    await within(section!).findByText('reduction orders are compared up to 64 devices, and this schedule has 65');
  });
});
