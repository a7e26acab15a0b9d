// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ring } from '../../../src/core/algorithms/ring';
import { createSimStore, type SimStore } from '../../../src/store/simStore';
import { PresenterMode } from '../../../src/ui/present/PresenterMode';

afterEach(cleanup);

/** Steps `store` from the step before its last onto the last, and returns the verdict's room and the verdict once said. */
async function lastStep(store: SimStore): Promise<{ kept: Element; said: Element }> {
  render(<PresenterMode store={store} onExit={() => {}} fullscreen={false} />);
  act(() => void fireEvent.keyDown(screen.getByRole('region', { name: 'Presenter mode' }), { key: 'ArrowRight' }));
  const kept = document.querySelector('.gs-presenter-done')!;
  await screen.findByText(/^(✓ Done|✗ Not correct)/, {}, { timeout: 5000 });
  return { kept, said: document.querySelector('.gs-presenter-done')! };
}

describe('the presenter’s verdict', () => {
  it('keeps the room of “Done” while the last step’s messages travel, unseen and unread, in its very words', async () => {
    const { kept, said } = await lastStep(createSimStore({ gpu: null, step: 5, config: { backend: 'cpu', algorithm: 'ring', devices: 4 } }));
    expect(kept.classList.contains('gs-presenter-done--kept')).toBe(true);
    expect(kept.getAttribute('aria-hidden')).toBe('true');
    expect(kept.textContent).toBe('');
    expect(said.classList.contains('gs-presenter-done--kept')).toBe(false);
    expect(kept.getAttribute('data-words')).toBe(said.textContent);
    expect(said.textContent).toBe('✓ Done: every GPU holds what the collective promises.');
  });

  it('keeps the room of a wrong schedule’s verdict with the transfer that most likely broke it', async () => {
    const broken = ring.build({ devices: 4 });
    broken.steps[4].transfers[0].dst = 2;
    const { kept, said } = await lastStep(
      createSimStore({ gpu: null, step: 5, schedule: { ...broken, algorithm: 'ring-of-mine' }, config: { backend: 'cpu' } }),
    );
    expect(said.textContent).toMatch(/^✗ Not correct — .*\. Most likely: step 5: /);
    expect(kept.getAttribute('data-words')).toBe(said.textContent);
  });
});
