// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_KEYS } from '../../../src/ui/controls/appKeys';
import { KeysHelp } from '../../../src/ui/controls/KeysHelp';
import { PRESENTER_KEYS } from '../../../src/ui/present/presenterKeys';

afterEach(cleanup);

describe('the list of keys', () => {
  it('opens with ? anywhere in the app, lists every key the app answers, and closes with Escape, focus back on its button', () => {
    render(<KeysHelp />);
    expect(screen.queryByRole('dialog', { name: 'Keys' })).toBeNull();
    act(() => void fireEvent.keyDown(document.body, { key: '?', shiftKey: true }));
    const dialog = screen.getByRole('dialog', { name: 'Keys' });
    expect(document.activeElement).toBe(dialog);
    const rows = [...dialog.querySelector('dl')!.children].map((row) => row.textContent);
    expect(rows).toHaveLength(APP_KEYS.length);
    expect(rows).toContain('Ppresent: full screen, large type, for a room');
    expect(rows).toContain('Spaceplay or pause');
    act(() => void fireEvent.keyDown(dialog, { key: 'Escape' }));
    expect(screen.queryByRole('dialog', { name: 'Keys' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keys' }));
  });

  it('lists the presenter’s keys under “Presenter (P)”, every one of its list', () => {
    render(<KeysHelp />);
    act(() => void fireEvent.keyDown(document.body, { key: '?', shiftKey: true }));
    const heading = screen.getByRole('heading', { name: 'Presenter (P)' });
    const rows = [...heading.nextElementSibling!.children].map((row) => row.textContent);
    expect(rows).toEqual(PRESENTER_KEYS.map(({ keys, does }) => keys.join('') + does));
    expect(rows).toContain('NPnext, previous page');
    expect(rows).toContain('Escclose these keys or the question, else exit');
  });

  it('leaves ? typed into a field alone, and ? again closes the list', () => {
    render(
      <>
        <input aria-label="field" />
        <KeysHelp />
      </>,
    );
    act(() => void fireEvent.keyDown(screen.getByLabelText('field'), { key: '?' }));
    expect(screen.queryByRole('dialog', { name: 'Keys' })).toBeNull();
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Keys' })));
    const dialog = screen.getByRole('dialog', { name: 'Keys' });
    act(() => void fireEvent.keyDown(dialog, { key: '?' }));
    expect(screen.queryByRole('dialog', { name: 'Keys' })).toBeNull();
  });
});
