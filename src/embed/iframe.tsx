// embed.html: the figure alone in a page meant for an <iframe>. It reads the same keys as
// <gradsync-sim> from its query string, keeps the element's height and tells its parent its height
// whenever that changes (frameHeight.ts).

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browserGpu } from '../store/gpuSources';
import { pageBackground } from '../store/background/pageBackground';
import { createSimStore } from '../store/simStore';
import { EmbedFrame } from '../ui/app/EmbedFrame';
import { reportHeight, reservedMount } from './frameHeight';
import { OWN_KEYS, readSettings } from './settings';
import { URL_KEYS } from '../store/url';
import '../ui/styles/index.css';
import './embed.css';
import './iframe.css';
import './reserve.css';

const query = new URLSearchParams(location.search);
const settings = readSettings((key) => query.get(key));
const store = createSimStore({
  config: settings.config,
  schedule: settings.schedule,
  step: settings.step,
  notices: settings.notices,
  gpu: browserGpu,
  background: pageBackground(),
});
const mount = document.getElementById('root')!;

createRoot(reservedMount(mount, 'gradsync-sim', [...URL_KEYS, ...OWN_KEYS], query)).render(
  <StrictMode>
    <EmbedFrame store={store} controls={settings.controls} theme={settings.theme} documentKeys />
  </StrictMode>,
);

if (settings.autoplay) store.getState().play();

reportHeight(mount);
