// A training lesson's figure: the training view's own figure for the stage shown, with the iteration's
// numbers and only the parts the lesson is about (the lanes with and without overlap, memory per
// device, a parameter server's ports), so it fits a projector. Space plays the lanes.

import { useMemo, type RefObject } from 'react';
import type { TrainingPart } from '../../core/lessons';
import { MemoryBars } from '../training/MemoryBars';
import { ServerPortsView } from '../training/ServerPortsView';
import { TrainingFigure } from '../training/TrainingFigure';
import { reportFor, type TrainingSettings } from '../training/trainingSettings';
import { usePlayKey } from '../training/usePlayKey';
import { HandoutStillImage } from './Handout';
import type { HandoutStill } from './useHandoutPicture';

export interface TrainingLessonFigureProps {
  settings: TrainingSettings;
  shows: readonly TrainingPart[];
  /** The lesson's root, whose Space plays the lanes. */
  keysFrom: RefObject<HTMLElement | null>;
}

export function TrainingLessonFigure({ settings, shows, keysFrom }: TrainingLessonFigureProps) {
  const result = useMemo(() => reportFor(settings), [settings]);
  usePlayKey(keysFrom, 'element');
  return (
    <div className="gs-lesson-training" data-shows={shows.join(' ')}>
      <TrainingFigure settings={settings} result={result} appBase="./" />
    </div>
  );
}

/**
 * The same parts on the handout: a still of the lanes, and memory per device and a parameter server's
 * ports drawn again, which size themselves to the page.
 */
export function TrainingHandoutFigure({ settings, shows, still }: { settings: TrainingSettings; shows: readonly TrainingPart[]; still: HandoutStill | null }) {
  const result = useMemo(() => reportFor(settings), [settings]);
  if ('error' in result) return <p className="gs-handout-missing">{result.error}</p>;
  const ports = result.report.overlapped.ports;
  return (
    <div className="gs-handout-training">
      {shows.includes('lanes') && <HandoutStillImage still={still} />}
      {shows.includes('memory') && <MemoryBars params={result.report.params} devices={settings.devices} chosen={settings.strategy} />}
      {shows.includes('ports') && ports && <ServerPortsView ports={ports} />}
    </div>
  );
}
