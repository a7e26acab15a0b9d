// train.html: a training step's compute and gradient synchronization, modelled (core/training). With
// embed=1 it is the figure alone, for an <iframe>, reading <gradsync-train>'s keys, keeping its height
// and telling its parent that height.

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { reportHeight, reservedMount } from './embed/frameHeight';
import { readTrainSettings, TRAIN_KEYS } from './embed/trainSettings';
import { TrainingEmbed } from './ui/training/TrainingEmbed';
import { browserGpu } from './store/gpuSources';
import { createRealRunStore } from './store/realRun';
import { RealRun } from './ui/training/RealRun';
import { TrainingPage } from './ui/training/TrainingPage';
import { parseTrainingUrl } from './ui/training/trainingSettings';
import './ui/styles/index.css';
import './ui/styles/page.css';
import './ui/styles/training.css';
import './ui/styles/realRun.css';
import './embed/embed.css';
import './embed/reserve.css';

const query = new URLSearchParams(location.search);
const mount = document.getElementById('root')!;

if (query.get('embed') === '1') {
  const { settings, notices, controls, theme } = readTrainSettings((key) => query.get(key));
  createRoot(reservedMount(mount, 'gradsync-train', TRAIN_KEYS, query)).render(
    <StrictMode>
      <TrainingEmbed initial={settings} notices={notices} controls={controls} theme={theme} appBase="./" documentKeys />
    </StrictMode>,
  );
  reportHeight(mount);
} else {
  const { settings, notices } = parseTrainingUrl(location.search);
  const realRun = createRealRunStore(browserGpu);
  createRoot(mount).render(
    <StrictMode>
      <TrainingPage initial={settings} notices={notices}>
        <RealRun store={realRun} />
      </TrainingPage>
    </StrictMode>,
  );
}
