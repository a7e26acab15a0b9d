// The shared clock's controls: play/pause, back and forward to the previous or next step end, reset,
// speed, and the model time (written by the clock into `readoutRef`).

import type { RefObject } from 'react';
import { Icon } from '../controls/icons';
import type { RaceClock } from './useRaceClock';

const SPEEDS = [0.25, 0.5, 1, 2, 4];

export interface RaceClockBarProps {
  clock: RaceClock;
  speed: number;
  onSpeed(speed: number): void;
  readoutRef: RefObject<HTMLOutputElement | null>;
}

export function RaceClockBar({ clock, speed, onSpeed, readoutRef }: RaceClockBarProps) {
  return (
    <div className="gs-race-clock" role="group" aria-label="Race clock">
      <button type="button" onClick={clock.reset} aria-label="Reset (Home)" title="Reset (Home)">
        <Icon name="start" />
      </button>
      <button type="button" onClick={clock.previous} aria-label="Previous step end (←)" title="Previous step end (←)">
        <Icon name="back" />
      </button>
      <button
        type="button"
        className="gs-race-play"
        onClick={clock.toggle}
        aria-label={clock.playing ? 'Pause (Space)' : 'Play (Space)'}
        title={clock.playing ? 'Pause (Space)' : 'Play (Space)'}
      >
        <Icon name={clock.playing ? 'pause' : 'play'} />
      </button>
      <button type="button" onClick={clock.next} aria-label="Next step end (→)" title="Next step end (→)">
        <Icon name="forward" />
      </button>
      <button type="button" onClick={clock.toEnd} aria-label="To the finish (End)" title="To the finish (End)">
        <Icon name="end" />
      </button>
      <label className="gs-race-speed">
        <span>Speed</span>
        <select value={speed} onChange={(event) => onSpeed(Number(event.target.value))}>
          {SPEEDS.map((value) => (
            <option key={value} value={value}>
              {value}×
            </option>
          ))}
        </select>
      </label>
      <output className="gs-race-time" ref={readoutRef} aria-live="off">
        model time 0 µs
      </output>
    </div>
  );
}
