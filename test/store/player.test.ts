import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Player, playerLife, type PlayerState } from '../../src/store/player';

/** A player over `steps` steps of `stepMs` each, recording the steps it shows and the ends it reports. */
function playerOver(steps: number, stepMs = 100, onStep?: (player: Player) => void) {
  const shown: number[] = [];
  const ends: PlayerState[] = [];
  let step = 0;
  const player: Player = new Player({
    setTimer: (callback, ms) => setTimeout(callback, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    advance() {
      if (step >= steps) return null;
      shown.push(++step);
      onStep?.(player);
      return stepMs;
    },
    ended: () => ends.push(player.state),
  });
  return { player, shown, ends };
}

describe('the player', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts idle, shows a step per step time once played, and ends a step after the last', () => {
    const { player, shown, ends } = playerOver(3);
    expect(player.state).toBe('idle');
    player.play(0);
    expect([player.state, player.playing]).toEqual(['playing', true]);
    vi.advanceTimersByTime(0);
    expect(shown).toEqual([1]);
    vi.advanceTimersByTime(99);
    expect(shown).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([1, 2]);
    vi.advanceTimersByTime(100);
    expect(shown).toEqual([1, 2, 3]);
    expect(player.state).toBe('playing');
    vi.advanceTimersByTime(100);
    expect([player.state, player.playing]).toEqual(['ended', false]);
    expect(ends).toEqual(['ended']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits the delay it is given before the first step', () => {
    const { player, shown } = playerOver(3);
    player.play(250);
    vi.advanceTimersByTime(249);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([1]);
  });

  it('shows no step after a pause or a stop, and leaves no timer', () => {
    for (const halt of ['pause', 'stop'] as const) {
      const { player, shown } = playerOver(5);
      player.play(0);
      vi.advanceTimersByTime(0);
      player[halt]();
      expect(player.state).toBe('idle');
      expect(vi.getTimerCount()).toBe(0);
      vi.advanceTimersByTime(1000);
      expect(shown).toEqual([1]);
    }
  });

  it('keeps the end on a pause, leaves it on a stop, and plays again from it', () => {
    const { player, ends } = playerOver(1);
    player.play(0);
    vi.runAllTimers();
    expect(player.state).toBe('ended');
    player.pause();
    expect(player.state).toBe('ended');
    player.play(0);
    expect(player.state).toBe('playing');
    vi.runAllTimers();
    expect(ends).toEqual(['ended', 'ended']);
    player.stop();
    expect(player.state).toBe('idle');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits afresh for the next step when retimed, with one timer', () => {
    const { player, shown } = playerOver(5);
    player.play(0);
    vi.advanceTimersByTime(50);
    expect(shown).toEqual([1]);
    player.retime(300);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(299);
    expect(shown).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([1, 2]);
  });

  it('stays stopped when showing a step stops it (a listener that pauses there)', () => {
    const { player, shown } = playerOver(5, 100, (p) => p.pause());
    player.play(0);
    vi.advanceTimersByTime(0);
    expect(shown).toEqual([1]);
    expect(player.state).toBe('idle');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('retimes only a run: idle or ended, that is a bug and says so', () => {
    const { player } = playerOver(1);
    expect(() => player.retime(100)).toThrow('player: only a run can be retimed, not idle');
    player.play(0);
    vi.runAllTimers();
    expect(() => player.retime(100)).toThrow('player: only a run can be retimed, not ended');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('has no way to the end but a run: idle → ended is refused, and ended → ended is no move', () => {
    const life = playerLife();
    expect(life.state).toBe('idle');
    expect(() => life.to('ended')).toThrow('player: no transition from idle to ended');
    expect(life.state).toBe('idle');
    life.to('playing');
    life.to('ended');
    expect(() => life.to('ended')).not.toThrow();
    life.to('idle');
    expect(life.state).toBe('idle');
  });
});
