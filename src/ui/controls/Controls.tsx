// Play/pause, step, to start/end, a scrubber over steps and the speed; 'minimal' keeps back,
// play/pause, forward and the count, for figures with little room. The keys (Space, ←, →, Home, End)
// are bound once per root by useKeyboardControls.

import { useSim } from '../StoreContext';
import { Icon } from './icons';
import { playSpeed, totalSteps } from '../../store/simStore';

import { SPEED_CHOICES } from '../../store/config';

export function Controls({ variant = 'full' }: { variant?: 'full' | 'minimal' }) {
  const full = variant === 'full';
  const step = useSim((s) => s.step);
  const steps = useSim(totalSteps);
  const playing = useSim((s) => s.playing);
  const speed = useSim(playSpeed);
  const phase = useSim((s) => (s.step > 0 ? (s.derived?.schedule.steps[s.step - 1]?.phase ?? '') : ''));
  const stepForward = useSim((s) => s.stepForward);
  const stepBack = useSim((s) => s.stepBack);
  const toStart = useSim((s) => s.toStart);
  const toEnd = useSim((s) => s.toEnd);
  const togglePlay = useSim((s) => s.togglePlay);
  const seek = useSim((s) => s.seek);
  const setConfig = useSim((s) => s.setConfig);
  const disabled = steps === 0;
  return (
    <div className={full ? 'gs-controls' : 'gs-controls gs-embed-minibar'} role="group" aria-label="Playback">
      <div className="gs-controls-buttons">
        {full && (
          <button type="button" onClick={toStart} disabled={disabled || step === 0} aria-label="To start (Home)" title="To start (Home)">
            <Icon name="start" />
          </button>
        )}
        <button type="button" onClick={stepBack} disabled={disabled || step === 0} aria-label="Step back (←)" title="Step back (←)">
          <Icon name="back" />
        </button>
        <button
          type="button"
          className="gs-play"
          onClick={togglePlay}
          disabled={disabled}
          aria-label={playing ? 'Pause (Space)' : 'Play (Space)'}
          title={playing ? 'Pause (Space)' : 'Play (Space)'}
        >
          <Icon name={playing ? 'pause' : 'play'} />
        </button>
        <button type="button" onClick={stepForward} disabled={disabled || step === steps} aria-label="Step forward (→)" title="Step forward (→)">
          <Icon name="forward" />
        </button>
        {full && (
          <button type="button" onClick={toEnd} disabled={disabled || step === steps} aria-label="To end (End)" title="To end (End)">
            <Icon name="end" />
          </button>
        )}
      </div>
      {full && (
        <label className="gs-scrubber">
          <span className="gs-visually-hidden">Step</span>
          <input
            type="range"
            min={0}
            max={steps}
            value={step}
            disabled={disabled}
            onChange={(event) => seek(Number(event.target.value))}
            aria-valuetext={`step ${step} of ${steps}`}
          />
        </label>
      )}
      <output className="gs-step-count" aria-live="off">
        <strong>{step}</strong> / {steps}
        {full && phase && <span className="gs-step-phase"> · {phase}</span>}
      </output>
      {full && (
        <label className="gs-speed">
          <span>Speed</span>
          <select value={speed} onChange={(event) => setConfig({ speed: Number(event.target.value) })}>
            {SPEED_CHOICES.map((value) => (
              <option key={value} value={value}>
                {value}×
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
