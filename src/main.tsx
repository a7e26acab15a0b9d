import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browserGpu } from './engine/webgpu/browser';
import { pageBackground } from './store/background/pageBackground';
import { createSimStore } from './store/simStore';
import { parseUrlState } from './store/url';
import { App } from './ui/app/App';
import { LessonMode } from './ui/lessons/LessonMode';
import { readLessonAddress } from './ui/lessons/lessonUrl';
import './ui/styles/index.css';
import './ui/styles/page.css';
import './ui/styles/training.css';

// ?lesson=ring opens a lesson, whose figure's settings come under the link's own keys.
const lesson = readLessonAddress(location.search);
const { config, schedule, step, notices } = parseUrlState(lesson ? lesson.appSearch : location.search);
const store = createSimStore({ config, schedule, step, notices, gpu: browserGpu, background: pageBackground() });

createRoot(document.getElementById('root')!).render(
  <StrictMode>{lesson ? <LessonMode store={store} address={lesson} onExit={(href) => location.assign(href)} /> : <App store={store} urlSync />}</StrictMode>,
);
