import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browserGpu } from './engine/webgpu/browser';
import { pageBackground } from './store/background/pageBackground';
import { createSimStore } from './store/simStore';
import { parseUrlState } from './store/url';
import { App } from './ui/app/App';
import './ui/styles/index.css';
import './ui/styles/page.css';

const { config, schedule, step, notices } = parseUrlState(location.search);
const store = createSimStore({ config, schedule, step, notices, gpu: browserGpu, background: pageBackground() });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} urlSync />
  </StrictMode>,
);
