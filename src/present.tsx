// The classroom page, present.html: ?race=master,ring&devices=8&elements=1048576 races two
// algorithms on a clock of model time; without `race`, the presenter opens on the URL's state.

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browserGpu } from './engine/webgpu/browser';
import { pageBackground } from './store/background/pageBackground';
import { createSimStore } from './store/simStore';
import { addressSearch, parseUrlState } from './store/url';
import { PresenterMode } from './ui/present/PresenterMode';
import { Race } from './ui/present/Race';
import { parseRaceUrl } from './ui/present/raceUrl';
import './ui/styles/index.css';
import './ui/styles/page.css';

const params = new URLSearchParams(location.search);
const theme = params.get('theme');
const shownTheme = theme === 'light' || theme === 'dark' ? theme : undefined;
const root = createRoot(document.getElementById('root')!);

if (params.has('race')) {
  const keep = (search: string) => history.replaceState(null, '', `${search}${shownTheme ? `&theme=${shownTheme}` : ''}`);
  root.render(
    <StrictMode>
      <Race setup={parseRaceUrl(location.search)} theme={shownTheme} onUrl={keep} background={pageBackground()} />
    </StrictMode>,
  );
} else {
  const { config, schedule, step, notices } = parseUrlState(location.search);
  const store = createSimStore({ config, schedule, step, notices, gpu: browserGpu, background: pageBackground() });
  // The same search as the app's: a schedule carried by the link stays in it, in and out of the presenter.
  const search = () => {
    const state = store.getState();
    return addressSearch(`${location.origin}${location.pathname}`, state.config, state.step, state.custom);
  };
  let shown = '';
  store.subscribe(() => {
    const now = search();
    if (now !== shown) history.replaceState(null, '', (shown = now));
  });
  const exit = () => location.assign(`./${search()}`);
  root.render(
    <StrictMode>
      <PresenterMode store={store} onExit={exit} theme={shownTheme} fullscreen={false} />
    </StrictMode>,
  );
}
