// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Race } from '../../../src/ui/present/Race';
import { parseRaceUrl } from '../../../src/ui/present/raceUrl';

afterEach(cleanup);

const lane = (name: string) => screen.getByRole('region', { name: `${name} lane` });
const stepOf = (name: string) => lane(name).querySelector('[data-testid="race-step"] strong')!.textContent;
const press = (key: string) => act(() => void fireEvent.keyDown(document.body, { key }));

describe('the race', () => {
  it('steps master and ring on 8 devices on one clock of model time; ring finishes first and the verdict says why', () => {
    const onUrl = vi.fn();
    render(<Race setup={parseRaceUrl('?race=master,ring&devices=8&elements=1048576')} onUrl={onUrl} />);
    expect(onUrl).toHaveBeenLastCalledWith('?race=master%2Cring&devices=8&elements=1048576');
    expect(stepOf('master')).toBe('0');
    expect(stepOf('ring')).toBe('0');
    // Ring's steps end every 10.24 µs; master's first ends at 298.6 µs.
    press('ArrowRight');
    expect([stepOf('master'), stepOf('ring')]).toEqual(['0', '1']);
    expect(screen.getByText('model time 10.2 µs')).toBeTruthy();
    for (let i = 0; i < 13; i++) press('ArrowRight');
    expect([stepOf('master'), stepOf('ring')]).toEqual(['0', '14']);
    expect(lane('ring').textContent).toContain('Finished first · 143 µs');
    expect(lane('master').textContent).toContain('finishes at 597 µs');
    press('ArrowRight');
    expect([stepOf('master'), stepOf('ring')]).toEqual(['1', '14']);
    press('ArrowRight');
    expect([stepOf('master'), stepOf('ring')]).toEqual(['2', '14']);
    expect(screen.getByText(/^ring finishes in 143 µs, 4\.2× faster than master \(597 µs\): master’s GPU-0 receives 7 buffers/)).toBeTruthy();
    press('ArrowLeft');
    expect([stepOf('master'), stepOf('ring')]).toEqual(['1', '14']);
    expect(screen.queryByText(/faster than/)).toBeNull();
    press('Home');
    expect([stepOf('master'), stepOf('ring')]).toEqual(['0', '0']);
    press('End');
    expect([stepOf('master'), stepOf('ring')]).toEqual(['2', '14']);
  });

  it('restarts when another algorithm is picked, and keeps the URL with it', () => {
    const onUrl = vi.fn();
    render(<Race setup={parseRaceUrl('?race=master,ring&devices=8&elements=1024')} onUrl={onUrl} />);
    press('End');
    expect(screen.getByText(/^master finishes in 10\.6 µs, 6\.6× faster than ring/)).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Left algorithm' }), { target: { value: 'double-tree' } });
    expect(stepOf('double-tree')).toBe('0');
    expect(onUrl).toHaveBeenLastCalledWith('?race=double-tree%2Cring&devices=8&elements=1024');
  });

  // Once the menu has closed: an opened menu that closes gives focus to its button after the pick.
  it('gives the keyboard back to the race after a pick in its menus, or Escape: → steps again', async () => {
    render(<Race setup={parseRaceUrl('?race=master,ring&devices=8&elements=1048576')} onUrl={() => {}} />);
    const menu = screen.getByRole('combobox', { name: 'Left algorithm' });
    const race = menu.closest('.gs-race') as HTMLElement;
    menu.focus();
    fireEvent.change(menu, { target: { value: 'double-tree' } });
    await waitFor(() => expect(document.activeElement).toBe(race));
    act(() => void fireEvent.keyDown(race, { key: 'ArrowRight' }));
    expect(stepOf('ring')).toBe('1');
    const devices = screen.getByRole('combobox', { name: 'GPUs' });
    devices.focus();
    fireEvent.keyDown(devices, { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(race));
  });
});
