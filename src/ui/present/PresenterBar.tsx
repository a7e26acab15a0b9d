// The presenter's top line: what runs, the step controls, full screen, theme and exit — large
// enough to hit on a touch board, quiet enough not to compete with the picture.

import { COLLECTIVE_NAMES } from '../../core/schedule';
import { BYTES_PER_ELEMENT } from '../../core/model';
import { totalSteps } from '../../store/simStore';
import { Icon } from '../controls/icons';
import { formatBytes } from '../format';
import { useSim } from '../StoreContext';
import type { Fullscreen } from './useFullscreen';

export interface PresenterBarProps {
  fullscreen: Fullscreen;
  dark: boolean;
  onTheme(): void;
  onExit(): void;
}

export function PresenterBar({ fullscreen, dark, onTheme, onExit }: PresenterBarProps) {
  const config = useSim((s) => s.config);
  const custom = useSim((s) => s.custom?.name ?? null);
  const step = useSim((s) => s.step);
  const steps = useSim(totalSteps);
  const playing = useSim((s) => s.playing);
  const { stepBack, stepForward, togglePlay } = useSim((s) => s);
  return (
    <header className="gs-presenter-bar">
      <h1 className="gs-presenter-title">
        <strong>{custom ?? config.algorithm}</strong> {COLLECTIVE_NAMES[config.collective]}
        <span className="gs-presenter-sub">
          {' '}
          · {config.devices} GPUs · {formatBytes(config.elements * BYTES_PER_ELEMENT)} each
        </span>
      </h1>
      <div className="gs-presenter-buttons" role="group" aria-label="Presenter controls">
        <button type="button" onClick={stepBack} disabled={step === 0} aria-label="Step back (←)" title="Step back (←)">
          <Icon name="back" />
        </button>
        <button
          type="button"
          onClick={togglePlay}
          disabled={steps === 0}
          aria-label={playing ? 'Pause (Space)' : 'Play (Space)'}
          title={playing ? 'Pause (Space)' : 'Play (Space)'}
        >
          <Icon name={playing ? 'pause' : 'play'} />
        </button>
        <button type="button" onClick={stepForward} disabled={step === steps} aria-label="Step forward (→)" title="Step forward (→)">
          <Icon name="forward" />
        </button>
        {fullscreen.supported && (
          <button type="button" onClick={fullscreen.toggle} aria-pressed={fullscreen.active} aria-label="Full screen (F)" title="Full screen (F)">
            {fullscreen.active ? '⤡' : '⤢'}
          </button>
        )}
        <button type="button" onClick={onTheme} aria-label={dark ? 'Light theme (T)' : 'Dark theme (T)'} title={dark ? 'Light theme (T)' : 'Dark theme (T)'}>
          {dark ? '☀' : '☾'}
        </button>
        <button type="button" className="gs-presenter-exit" onClick={onExit} aria-label="Exit presenter (Esc)" title="Exit presenter (Esc)">
          ✕
        </button>
      </div>
    </header>
  );
}
