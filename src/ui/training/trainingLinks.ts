// Where the training view's links go: a collective's bar opens it in the app, and an embedded figure
// opens the whole training view. `base` is the app's address: './' beside train.html, an absolute one
// for a figure in someone else's page.

import { LIMITS } from '../../store/config';
import { BYTES_PER_ELEMENT } from '../../core/model';
import { formatTrainingUrl, type TrainingSettings } from './trainingSettings';

const COLLECTIVES: readonly string[] = ['allreduce', 'reduce-scatter', 'allgather'];

/** The app on the collective of a bar, as f32 elements of its bytes, within the app's limits; null for a push or a pull. */
export function collectiveLink(base: string, settings: TrainingSettings, kind: string, bytes: number): string | null {
  if (!COLLECTIVES.includes(kind)) return null;
  const devices = Math.min(settings.devices, LIMITS.devices.max);
  const elements = Math.min(LIMITS.elements.max, Math.max(1, Math.ceil(bytes / BYTES_PER_ELEMENT)));
  return `${base}?collective=${kind}&algorithm=${settings.algorithm}&devices=${devices}&elements=${elements}`;
}

/** The training view on the same settings. */
export function trainingPageLink(base: string, settings: TrainingSettings): string {
  return `${base}train.html${formatTrainingUrl(settings)}`;
}
