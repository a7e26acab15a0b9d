// A machine and NCCL's choice in real Chromium: the machine menu picked by keyboard models on the
// preset, NCCL's choice marks the core's pick at the app's size with the core's sentence, a crossover
// is one key away, and the link the address holds reproduces all of it.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../src/core/algorithms';
import { modelCost } from '../../src/core/model/cost';
import { presetById, presetTopology } from '../../src/core/nccl/presets';
import { ncclChoose, ncclTuner, pairName } from '../../src/core/nccl/tuner';
import { explainChoice } from '../../src/core/nccl/tunerSweep';
import { formatMicroseconds } from '../../src/core/units';
import { browserSession, onCpuEngine, skipReasonFor } from './session';

const skipReason = skipReasonFor('test/e2e/ncclChoice.test.ts');
const DEVICES = 8;
const H100 = presetById('dgx-h100');
const tuner = ncclTuner(H100.hardware, DEVICES, 'allreduce');

/** What the page shows of NCCL's choice: the pair marked at the app's size, and the sentence. */
async function shown(page: Page) {
  return {
    machine: await page.getByLabel('machine').inputValue(),
    pick: await page.getByTestId('nccl-here').getAttribute('data-pair'),
    sentence: await page.getByTestId('nccl-sentence').textContent(),
    modelTime: await page.getByTestId('model-time').textContent(),
  };
}

function expected(elements: number) {
  const choice = ncclChoose(tuner, elements * 4);
  const cost = modelCost(buildSchedule({ algorithm: 'ring', devices: DEVICES }), elements, presetTopology(H100, DEVICES));
  return { machine: 'dgx-h100', pick: pairName(choice.pick), sentence: explainChoice(choice), modelTime: formatMicroseconds(cost.totalUs) };
}

describe.skipIf(skipReason !== null)("NCCL's choice in Chromium", () => {
  const session = browserSession();

  it('a machine picked by keyboard marks NCCL’s pick and sentence at the size, and the link reproduces it', async () => {
    const page = await session.open(onCpuEngine(`/?algorithm=ring&devices=${DEVICES}&elements=1024`));
    const menu = page.getByLabel('machine');
    await menu.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.getByTestId('nccl-sentence').waitFor();
    expect(await shown(page)).toEqual(expected(1024));
    expect((await shown(page)).pick).toBe('Ring/LL');
    await expect.poll(() => new URL(page.url()).searchParams.get('preset')).toBe('dgx-h100');

    // The crossover to NVLS/Simple at 1.09 MiB, by keyboard.
    await page.getByRole('button', { name: 'Model 1.09 MiB: 286,209 elements' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await shown(page)).pick).toBe('NVLS/Simple');
    expect(await shown(page)).toEqual(expected(286_209));
    await expect.poll(() => new URL(page.url()).searchParams.get('elements')).toBe('286209');

    const link = page.url();
    const again = await session.open(link);
    await again.getByTestId('nccl-sentence').waitFor();
    expect(await shown(again)).toEqual(expected(286_209));
    await again.close();
    await page.close();
    expect(session.problems).toEqual([]);
  }, 60_000);

  it('a preset that does not take the devices says why beside the menu and leaves the model as it was', async () => {
    const page = await session.open(onCpuEngine('/?algorithm=ring&devices=12'));
    const before = await page.getByTestId('model-time').textContent();
    await page.getByLabel('machine').selectOption('dgx-h100');
    await expect
      .poll(() => page.locator('.gs-machine [role="alert"]').textContent())
      .toBe('DGX/HGX H100: Devices must be at most 8 (one node) or a multiple of 8 (whole nodes); got 12');
    expect(await page.getByLabel('machine').inputValue()).toBe('custom');
    expect(await page.getByTestId('model-time').textContent()).toBe(before);
    expect(new URL(page.url()).searchParams.get('preset')).toBeNull();
    await page.close();
  }, 60_000);
});
