// What an embedded training figure is configured with: train.html's address keys (read as the page
// reads them, so a bad value becomes a notice and the default) plus controls and theme, from an
// element's attributes or the iframe page's query string. Values are only compared, parsed or shown.

import { EMBED_THEMES } from '../ui/app/EmbedFrame';
import { TRAIN_EMBED_CONTROLS, type TrainEmbedControls } from '../ui/training/TrainingEmbed';
import { parseTrainingUrl, TRAINING_DEFAULTS, type TrainingSettings } from '../ui/training/trainingSettings';
import { choice } from './settings';

/** The keys <gradsync-train> takes as attributes: train.html's, then its own. */
export const TRAIN_KEYS = [...Object.keys(TRAINING_DEFAULTS), 'controls', 'theme'];

export interface TrainEmbedSettings {
  settings: TrainingSettings;
  notices: string[];
  controls: TrainEmbedControls;
  theme: (typeof EMBED_THEMES)[number];
}

export function readTrainSettings(get: (key: string) => string | null): TrainEmbedSettings {
  const params = new URLSearchParams();
  for (const key of Object.keys(TRAINING_DEFAULTS)) {
    const value = get(key);
    if (value !== null) params.set(key, value);
  }
  const { settings, notices } = parseTrainingUrl(params.toString());
  const own: string[] = [];
  const controls = choice(get('controls'), 'controls', TRAIN_EMBED_CONTROLS, 'standard', own);
  const theme = choice(get('theme'), 'theme', EMBED_THEMES, 'auto', own);
  return { settings, notices: [...notices.map((text) => `${text}; the default is used`), ...own], controls, theme };
}
