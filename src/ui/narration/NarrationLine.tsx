// The narration in one line, for a figure with little room (controls="minimal"): the step's phase and
// its first sentence in the seeds' words, and how many more transfers the step has; before the first
// step, the opening sentence. A line too long for the figure ends in an ellipsis; its title is whole.

import { openingSentence } from '../../core/narration';
import { useSim } from '../StoreContext';
import { useEmptyWords } from '../PreparingStatus';
import { useStepStory } from '../useStepStory';

/** GPUs whose inputs the opening names. */
const LISTED = 4;

export function NarrationLine() {
  const derived = useSim((s) => s.derived);
  const step = useSim((s) => s.step);
  const op = useSim((s) => s.config.op);
  const empty = useEmptyWords('Nothing to show yet.');
  const { story, preparing } = useStepStory(derived?.schedule ?? null, op, step);
  let phase: string | null = null;
  let text: string;
  let more = 0;
  if (!derived) text = empty;
  else if (step === 0) text = openingSentence(derived.schedule.devices, derived.schedule.chunks, LISTED);
  else if (!story) text = `Reading the schedule up to step ${step}… ${Math.floor((preparing ?? 0) * 100)}%`;
  else {
    phase = story.phaseLabel;
    text = story.sentences(0, 1)[0] ?? '';
    more = story.transfers - 1;
  }
  return (
    <p className="gs-narration-line" role="status" aria-label="Narration" title={phase ? `${phase}: ${text}` : text}>
      {phase && <span className="gs-phase">{phase}</span>}
      <span className="gs-narration-line-text">{text}</span>
      {more > 0 && <span className="gs-narration-line-more">+{more.toLocaleString('en-US')} more</span>}
    </p>
  );
}
