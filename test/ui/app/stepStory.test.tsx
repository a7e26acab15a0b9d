// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { narrateStep } from '../../../src/core/narration/narration';
import { NarrationPanel } from '../../../src/ui/narration/NarrationPanel';
import { showWithStore } from '../showWithStore';

const sentences = () => Array.from(screen.getByRole('region', { name: 'Narration' }).querySelectorAll('li:not(.gs-more)'), (li) => li.textContent);

describe('the narration of a step far into a large schedule', () => {
  it('says it is reading the schedule, then tells the step, when opened at the end of ring on 1024 devices', async () => {
    showWithStore(<NarrationPanel />, { algorithm: 'ring', devices: 1024 }, 2046);
    expect(screen.getByRole('status').textContent).toMatch(/^Reading the schedule up to step 2046… \d+%$/);
    await waitFor(() => expect(sentences()).toHaveLength(8), { timeout: 20_000 });
    const last = narrateStep(buildSchedule({ algorithm: 'ring', devices: 1024 }), 2045).sentences;
    expect(sentences()).toEqual(last.slice(0, 8));
    expect(screen.getByText(/more transfers in this step/).textContent).toBe('… and 1,016 more transfers in this step. Show the first 256');
  }, 30_000);

  it('tells the one step of naive on 1024 devices at once, counting its million transfers', () => {
    showWithStore(<NarrationPanel />, { algorithm: 'naive', devices: 1024 }, 1);
    expect(sentences()).toEqual(Array.from({ length: 8 }, (_, i) => `GPU-0 sends g0₁ to GPU-${i + 1}, where it gets added to g${i + 1}₁.`));
    expect(screen.getByText(/more transfers in this step/).textContent).toBe('… and 1,047,544 more transfers in this step. Show the first 256');
  });

  it('opens on one chunk per GPU as "GPU-0 holds a₁"', () => {
    showWithStore(<NarrationPanel />, { algorithm: 'naive', devices: 4 }, 0);
    expect(screen.getByText(/^Each GPU starts/).textContent).toBe(
      'Each GPU starts with its own gradient, in one chunk: GPU-0 holds a₁, GPU-1 holds b₁, GPU-2 holds c₁ and GPU-3 holds d₁. It takes 1 step of exchange. Press → to take the first step.',
    );
  });
});
