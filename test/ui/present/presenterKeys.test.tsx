// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSimStore } from '../../../src/store/simStore';
import { PresenterMode } from '../../../src/ui/present/PresenterMode';
import { NEXT_PAGE_KEYS, PRESENTER_KEYS, PRESENTER_PRESSES, PREVIOUS_PAGE_KEYS } from '../../../src/ui/present/presenterKeys';

afterEach(cleanup);

function present(onExit = () => {}) {
  const store = createSimStore({ gpu: null, step: 1, config: { backend: 'cpu', algorithm: 'ring', devices: 4, speed: 1 } });
  render(<PresenterMode store={store} onExit={onExit} fullscreen={false} />);
  return { store, root: screen.getByRole('region', { name: 'Presenter mode' }) };
}

const help = () => screen.queryByRole('dialog', { name: 'Presenter keys' });

/** The Fullscreen API as a browser has it: full for whichever element asks, left when the browser says so (its own Esc). */
function fakeFullscreen() {
  const state = {
    full: null as Element | null,
    leave() {
      state.full = null;
      document.dispatchEvent(new Event('fullscreenchange'));
    },
    restore() {
      delete (document as { fullscreenElement?: unknown }).fullscreenElement;
      delete (document as { exitFullscreen?: unknown }).exitFullscreen;
      delete (HTMLElement.prototype as { requestFullscreen?: unknown }).requestFullscreen;
    },
  };
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => state.full });
  Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: async () => state.leave() });
  Object.defineProperty(HTMLElement.prototype, 'requestFullscreen', {
    configurable: true,
    async value(this: Element) {
      state.full = this;
      document.dispatchEvent(new Event('fullscreenchange'));
    },
  });
  return state;
}

describe('the presenter’s keys', () => {
  it('writes its key strip from the one list: each key with a word there, in the list’s order', () => {
    present();
    const strip = document.querySelector('.gs-presenter-keys')!;
    const words = PRESENTER_KEYS.filter((key) => key.strip !== undefined).map(({ keys, strip: word }) => `${keys.join(' ')}${word ? ` ${word}` : ''}`);
    expect(strip.textContent).toBe(words.join(' · ').replace('speed', 'speed 1×'));
    expect([...strip.querySelectorAll('kbd')].map((kbd) => kbd.textContent)).toEqual(
      PRESENTER_KEYS.filter((key) => key.strip !== undefined).flatMap((key) => key.keys),
    );
  });

  it('names in its lists every key that turns the narration’s pages', () => {
    const pages = PRESENTER_KEYS.filter((key) => key.id === 'pages' || key.id === 'clicker').flatMap((key) => key.presses);
    expect(new Set(pages)).toEqual(new Set([...NEXT_PAGE_KEYS, ...PREVIOUS_PAGE_KEYS]));
  });

  it('keeps every key of the list from the page around it', () => {
    const onPage = vi.fn();
    document.addEventListener('keydown', onPage);
    const { root } = present();
    for (const key of PRESENTER_PRESSES) {
      act(() => void fireEvent.keyDown(root, { key }));
      if (help()) act(() => void fireEvent.keyDown(root, { key: '?' }));
    }
    expect(onPage).not.toHaveBeenCalled();
    document.removeEventListener('keydown', onPage);
  });

  it('shows the list on ?, holds the other keys while it is open, and closes it with Esc, keeping the presenter open', () => {
    const onExit = vi.fn();
    const { store, root } = present(onExit);
    act(() => void fireEvent.keyDown(root, { key: '?' }));
    const dialog = help()!;
    expect([...dialog.querySelectorAll('dl > div')].map((row) => row.textContent)).toEqual(PRESENTER_KEYS.map(({ keys, does }) => keys.join('') + does));
    expect(dialog.contains(document.activeElement)).toBe(true);
    act(() => void fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' }));
    expect(store.getState().step).toBe(1);
    act(() => void fireEvent.keyDown(document.activeElement!, { key: 'Escape' }));
    expect(help()).toBeNull();
    expect(onExit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(root);
    act(() => void fireEvent.keyDown(root, { key: 'ArrowRight' }));
    expect(store.getState().step).toBe(2);
    act(() => void fireEvent.keyDown(root, { key: 'Escape' }));
    expect(onExit).toHaveBeenCalledTimes(1);
  });

  it('closes the list with ? again, with its ✕, and with a click beside it', () => {
    const { root } = present();
    act(() => void fireEvent.keyDown(root, { key: '?' }));
    act(() => void fireEvent.keyDown(document.activeElement!, { key: '?' }));
    expect(help()).toBeNull();
    act(() => void fireEvent.keyDown(root, { key: '?' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close the keys (Esc)' }));
    expect(help()).toBeNull();
    act(() => void fireEvent.keyDown(root, { key: '?' }));
    fireEvent.click(help()!);
    expect(help()).toBeNull();
  });

  it('stays open when Esc closed the list in full screen and the browser left full screen on that key; a later leaving exits', async () => {
    const screenOf = fakeFullscreen();
    try {
      const onExit = vi.fn();
      const store = createSimStore({ gpu: null, step: 1, config: { backend: 'cpu', algorithm: 'ring', devices: 4 } });
      render(<PresenterMode store={store} onExit={onExit} />);
      const root = screen.getByRole('region', { name: 'Presenter mode' });
      await act(async () => {});
      expect(screenOf.full).toBe(root);
      act(() => void fireEvent.keyDown(root, { key: '?' }));
      act(() => void fireEvent.keyDown(document.activeElement!, { key: 'Escape' }));
      act(() => screenOf.leave());
      expect(help()).toBeNull();
      expect(onExit).not.toHaveBeenCalled();
      await act(async () => void fireEvent.keyDown(root, { key: 'f' }));
      expect(screenOf.full).toBe(root);
      act(() => screenOf.leave());
      expect(onExit).toHaveBeenCalledTimes(1);
    } finally {
      screenOf.restore();
    }
  });
});
