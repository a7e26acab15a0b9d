// train.html: a training step's compute and gradient synchronization, modelled (core/training).

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { TrainingPage } from './ui/training/TrainingPage';
import { parseTrainingUrl } from './ui/training/trainingSettings';
import './ui/styles/index.css';
import './ui/styles/page.css';
import './ui/styles/training.css';

const { settings, notices } = parseTrainingUrl(location.search);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <TrainingPage initial={settings} notices={notices} />
  </StrictMode>,
);
