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
/** The side's label as it reads: "step 2 / 2 · broadcast", "done · 2 steps". */
const labelOf = (name: string) => {
  const step = lane(name).querySelector('[data-testid="race-step"]')!.textContent;
  const phase = lane(name).querySelector('.gs-race-phase')!.textContent;
  return phase ? `${step} ${phase}` : step;
};
/** The step whose results the side's picture shows (its cards' values), as its description says. */
const pictureOf = (name: string) =>
  Number(
    lane(name)
      .querySelector('.gs-devices-svg')!
      .getAttribute('aria-label')!
      .match(/Step (\d+) of/)![1],
  );
/** The side's messages on their way, each where it is. */
const pills = (name: string) =>
  [...lane(name).querySelectorAll<HTMLElement>('.gs-dv-sprite')]
    .filter((sprite) => parseFloat(sprite.style.opacity || '0') > 0)
    .map((sprite) => sprite.style.transform);
const travelling = (name: string) => pills(name).length;
/** The model time the clock reads, in µs. */
const clockUs = () => Number(document.querySelector('.gs-race-time')!.textContent!.match(/^model time ([\d.]+) µs$/)![1]);
const press = (key: string) => act(() => void fireEvent.keyDown(document.body, { key }));
const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

// Master vs ring on 8 devices of 4 MiB: ring's 14 steps end every 10.24 µs, master's 2 at 298.6 and
// 597.2 µs. At 1× the slower finishes after 10 s: ring's steps last 171 ms, master's 5 s.
const RACE = '?race=master,ring&devices=8&elements=1048576';

describe('the race', () => {
  it('steps master and ring on 8 devices on one clock of model time, each label naming the step under way; ring finishes first and the verdict says why', () => {
    fakeClock();
    const onUrl = vi.fn();
    render(<Race setup={parseRaceUrl(RACE)} onUrl={onUrl} />);
    expect(onUrl).toHaveBeenLastCalledWith('?race=master%2Cring&devices=8&elements=1048576');
    expect([labelOf('master'), labelOf('ring')]).toEqual(['not started · 2 steps', 'not started · 14 steps']);
    // → runs the clock to the next step end, ring's first, and stops there: ring's step has landed,
    // master's reduce is under way and its seven messages stand on their way to GPU-0.
    press('ArrowRight');
    wait(200);
    expect(labelOf('ring')).toBe('step 1 / 14 · reduce-scatter');
    expect(pictureOf('ring')).toBe(1);
    expect(travelling('ring')).toBe(0);
    expect(labelOf('master')).toBe('step 1 / 2 · reduce');
    expect(pictureOf('master')).toBe(0);
    expect(travelling('master')).toBe(7);
    expect(screen.getByText('model time 10.2 µs')).toBeTruthy();
    for (let i = 0; i < 13; i++) {
      press('ArrowRight');
      wait(200);
    }
    expect([labelOf('master'), labelOf('ring')]).toEqual(['step 1 / 2 · reduce', 'done · 14 steps']);
    expect(lane('ring').textContent).toContain('Finished first · 143 µs');
    expect(lane('master').textContent).toContain('finishes at 597 µs');
    press('ArrowRight');
    wait(2700);
    expect([labelOf('master'), pictureOf('master'), travelling('master')]).toEqual(['step 1 / 2 · reduce', 1, 0]);
    // A second → lands the step under way at once, and runs on to the next end.
    press('ArrowRight');
    wait(1000);
    expect([labelOf('master'), pictureOf('master'), travelling('master')]).toEqual(['step 2 / 2 · broadcast', 1, 7]);
    press('ArrowRight');
    expect([labelOf('master'), pictureOf('master')]).toEqual(['done · 2 steps', 2]);
    expect(screen.getByText(/^ring finishes in 143 µs, 4\.2× faster than master \(597 µs\): master’s GPU-0 receives 7 buffers/)).toBeTruthy();
    press('ArrowLeft');
    expect([labelOf('master'), labelOf('ring')]).toEqual(['step 1 / 2 · reduce', 'done · 14 steps']);
    expect(screen.queryByText(/faster than/)).toBeNull();
    press('Home');
    expect([labelOf('master'), labelOf('ring')]).toEqual(['not started · 2 steps', 'not started · 14 steps']);
    expect([pictureOf('master'), pictureOf('ring')]).toEqual([0, 0]);
    press('End');
    expect([labelOf('master'), labelOf('ring')]).toEqual(['done · 2 steps', 'done · 14 steps']);
  });

  it('shows on each side the messages of the step under way as far along as the clock, played or paused', () => {
    fakeClock();
    render(<Race setup={parseRaceUrl(RACE)} onUrl={() => {}} />);
    press(' ');
    // Ring's first step ends at 171 ms: its messages travel through it, and it is shown as it ends.
    wait(150);
    expect([labelOf('ring'), pictureOf('ring')]).toEqual(['step 1 / 14 · reduce-scatter', 0]);
    expect(travelling('ring')).toBeGreaterThan(0);
    wait(40);
    expect([labelOf('ring'), pictureOf('ring')]).toEqual(['step 2 / 14 · reduce-scatter', 1]);
    // Master's reduce ends at 5 s: its seven messages travel towards GPU-0 all through the step ...
    wait(4750);
    expect([labelOf('master'), pictureOf('master'), travelling('master')]).toEqual(['step 1 / 2 · reduce', 0, 7]);
    expect(labelOf('ring')).toBe('done · 14 steps');
    // ... and the picture shows the step when the clock says it has ended, not a step later.
    wait(100);
    expect(clockUs()).toBeGreaterThanOrEqual(298.6);
    expect([labelOf('master'), pictureOf('master')]).toEqual(['step 2 / 2 · broadcast', 1]);
    // Paused half way through the broadcast, its messages stay where the clock left them.
    wait(2400);
    press(' ');
    wait(20);
    const paused = clockUs();
    const standing = pills('master');
    expect([labelOf('master'), pictureOf('master'), standing.length]).toEqual(['step 2 / 2 · broadcast', 1, 7]);
    wait(5000);
    expect([clockUs(), labelOf('master'), pictureOf('master'), pills('master')]).toEqual([paused, 'step 2 / 2 · broadcast', 1, standing]);
    // Played on, the messages go on from there and land at the finish.
    press(' ');
    wait(50);
    expect(travelling('master')).toBe(7);
    expect(pills('master')).not.toEqual(standing);
    wait(2450);
    expect([labelOf('master'), pictureOf('master')]).toEqual(['step 2 / 2 · broadcast', 1]);
    wait(200);
    expect([labelOf('master'), pictureOf('master')]).toEqual(['done · 2 steps', 2]);
    expect(screen.getByText('model time 597 µs')).toBeTruthy();
  });

  it('draws the same picture at a time of the clock whether it ran there (→) or jumped there (←)', () => {
    fakeClock();
    render(<Race setup={parseRaceUrl(RACE)} onUrl={() => {}} />);
    for (let i = 0; i < 3; i++) {
      press('ArrowRight');
      wait(200);
    }
    const ran = [clockUs(), labelOf('master'), pills('master')];
    expect(ran.slice(0, 2)).toEqual([30.7, 'step 1 / 2 · reduce']);
    expect(ran[2]).toHaveLength(7);
    // From the finish, ← back over master's and ring's step ends to ring's third.
    press('End');
    for (let i = 0; i < 13; i++) press('ArrowLeft');
    wait(50);
    expect([clockUs(), labelOf('master'), pills('master')]).toEqual(ran);
  });

  it('restarts when another algorithm is picked, and keeps the URL with it', () => {
    const onUrl = vi.fn();
    render(<Race setup={parseRaceUrl('?race=master,ring&devices=8&elements=1024')} onUrl={onUrl} />);
    press('End');
    expect(screen.getByText(/^master finishes in 10\.6 µs, 6\.6× faster than ring/)).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Left algorithm' }), { target: { value: 'double-tree' } });
    expect(labelOf('double-tree')).toMatch(/^not started · \d+ steps$/);
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
    await waitFor(() => expect(labelOf('ring')).toBe('step 1 / 14 · reduce-scatter'));
    const devices = screen.getByRole('combobox', { name: 'GPUs' });
    devices.focus();
    fireEvent.keyDown(devices, { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(race));
  });
});
