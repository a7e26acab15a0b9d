// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Race } from '../../../src/ui/present/Race';
import { parseRaceUrl } from '../../../src/ui/present/raceUrl';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The clock runs on requestAnimationFrame and the page's clock; these tests move both by hand. */
function fakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'Date'] });
}

const lane = (name: string) => screen.getByRole('region', { name: `${name} lane` });
const stepOf = (name: string) => lane(name).querySelector('[data-testid="race-step"] strong')!.textContent;
/** The step the side's picture shows (its cards' values), as its description says. */
const pictureOf = (name: string) =>
  lane(name)
    .querySelector('.gs-devices-svg')!
    .getAttribute('aria-label')!
    .match(/Step (\d+) of/)![1];
/** Counter and picture of a side: they must always agree. */
const shown = (name: string) => [stepOf(name), pictureOf(name)];
/** How many of the side's messages are on their way. */
const travelling = (name: string) =>
  [...lane(name).querySelectorAll<HTMLElement>('.gs-dv-sprite')].filter((sprite) => parseFloat(sprite.style.opacity || '0') > 0).length;
/** The model time the clock reads, in µs. */
const clockUs = () => Number(document.querySelector('.gs-race-time')!.textContent!.match(/^model time ([\d.]+) µs$/)![1]);
const press = (key: string) => act(() => void fireEvent.keyDown(document.body, { key }));
const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

// Master vs ring on 8 devices of 4 MiB: ring's 14 steps end every 10.24 µs, master's 2 at 298.6 and
// 597.2 µs. At 1× the slower finishes after 10 s: ring's steps last 171 ms, master's 5 s.
const RACE = '?race=master,ring&devices=8&elements=1048576';

describe('the race', () => {
  it('steps master and ring on 8 devices on one clock of model time; ring finishes first and the verdict says why', () => {
    fakeClock();
    const onUrl = vi.fn();
    render(<Race setup={parseRaceUrl(RACE)} onUrl={onUrl} />);
    expect(onUrl).toHaveBeenLastCalledWith('?race=master%2Cring&devices=8&elements=1048576');
    expect(stepOf('master')).toBe('0');
    expect(stepOf('ring')).toBe('0');
    // → runs the clock to the next step end, ring's first, and stops there.
    press('ArrowRight');
    wait(200);
    expect([stepOf('master'), stepOf('ring')]).toEqual(['0', '1']);
    expect(screen.getByText('model time 10.2 µs')).toBeTruthy();
    for (let i = 0; i < 13; i++) {
      press('ArrowRight');
      wait(200);
    }
    expect([stepOf('master'), stepOf('ring')]).toEqual(['0', '14']);
    expect(lane('ring').textContent).toContain('Finished first · 143 µs');
    expect(lane('master').textContent).toContain('finishes at 597 µs');
    press('ArrowRight');
    wait(2700);
    expect([stepOf('master'), stepOf('ring')]).toEqual(['1', '14']);
    // A second → lands the step under way at once, and runs on to the next end.
    press('ArrowRight');
    wait(1000);
    press('ArrowRight');
    expect(shown('master')).toEqual(['2', '2']);
    expect(screen.getByText(/^ring finishes in 143 µs, 4\.2× faster than master \(597 µs\): master’s GPU-0 receives 7 buffers/)).toBeTruthy();
    press('ArrowLeft');
    expect([stepOf('master'), stepOf('ring')]).toEqual(['1', '14']);
    expect(screen.queryByText(/faster than/)).toBeNull();
    press('Home');
    expect([stepOf('master'), stepOf('ring')]).toEqual(['0', '0']);
    press('End');
    expect([stepOf('master'), stepOf('ring')]).toEqual(['2', '14']);
  });

  it('shows on each side the step the clock has finished, its messages landing as the step ends', () => {
    fakeClock();
    render(<Race setup={parseRaceUrl(RACE)} onUrl={() => {}} />);
    press(' ');
    // Ring's first step ends at 171 ms: its messages travel before, and it is shown as it ends.
    wait(150);
    expect(shown('ring')).toEqual(['0', '0']);
    expect(travelling('ring')).toBeGreaterThan(0);
    wait(40);
    expect(shown('ring')).toEqual(['1', '1']);
    // Master's reduce ends at 5 s: its seven messages travel towards GPU-0 during the step ...
    wait(4750);
    expect(shown('master')).toEqual(['0', '0']);
    expect(travelling('master')).toBe(7);
    expect(shown('ring')).toEqual(['14', '14']);
    // ... and the picture shows the step when the clock says it has ended, not a step later.
    wait(100);
    expect(clockUs()).toBeGreaterThanOrEqual(298.6);
    expect(shown('master')).toEqual(['1', '1']);
    // Paused in the broadcast, the picture rests on the reduce: nothing lands before the clock says so.
    wait(3000);
    expect(travelling('master')).toBe(7);
    press(' ');
    expect(shown('master')).toEqual(['1', '1']);
    expect(travelling('master')).toBe(0);
    wait(5000);
    expect(shown('master')).toEqual(['1', '1']);
    // Played on, the messages take up their way again and land at the finish.
    press(' ');
    wait(50);
    expect(travelling('master')).toBe(7);
    wait(1850);
    expect(shown('master')).toEqual(['1', '1']);
    wait(200);
    expect(shown('master')).toEqual(['2', '2']);
    expect(screen.getByText('model time 597 µs')).toBeTruthy();
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
    render(<Race setup={parseRaceUrl(RACE)} onUrl={() => {}} />);
    const menu = screen.getByRole('combobox', { name: 'Left algorithm' });
    const race = menu.closest('.gs-race') as HTMLElement;
    menu.focus();
    fireEvent.change(menu, { target: { value: 'double-tree' } });
    await waitFor(() => expect(document.activeElement).toBe(race));
    act(() => void fireEvent.keyDown(race, { key: 'ArrowRight' }));
    await waitFor(() => expect(stepOf('ring')).toBe('1'));
    const devices = screen.getByRole('combobox', { name: 'GPUs' });
    devices.focus();
    fireEvent.keyDown(devices, { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(race));
  });
});
