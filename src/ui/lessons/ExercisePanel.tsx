// The app's exercise: closed until asked for, then "predict the step" beside the narration, answered
// with the options' number keys and Enter or →, which reveals the answer and plays the step.

import { useState } from 'react';
import { PredictPanel } from './PredictPanel';

export function ExercisePanel() {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button type="button" className="gs-button gs-exercise-open" onClick={() => setOpen(true)}>
        Predict the next step
      </button>
    );
  }
  return (
    <div className="gs-panel gs-exercise">
      <PredictPanel keysFrom="document" />
      <button type="button" className="gs-button" onClick={() => setOpen(false)}>
        Close the exercise
      </button>
    </div>
  );
}
