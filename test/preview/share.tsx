// Preview of the share menu beside the devices picture, in an app-like frame (header, stage,
// notices). Takes the app's URL keys (?algorithm=ring&devices=4&step=2) and &theme=light|dark.

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createSimStore, type SimStore } from '../../src/store/simStore';
import { parseUrlState } from '../../src/store/url';
import { Controls } from '../../src/ui/controls/Controls';
import { DevicesView } from '../../src/ui/devices/DevicesView';
import { Notices } from '../../src/ui/notices/Notices';
import { ShareMenu } from '../../src/ui/share/ShareMenu';
import { SimProvider } from '../../src/ui/StoreContext';
import '../../src/ui/styles/index.css';
import '../../src/ui/styles/share.css';

const params = new URLSearchParams(location.search);
const theme = params.get('theme') ?? undefined;
const { config, step, notices } = parseUrlState(location.search);

function Preview({ store }: { store: SimStore }) {
  return (
    <SimProvider store={store}>
      <div className="gs-root gs-app" data-theme={theme} style={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
        <header className="gs-header">
          <div className="gs-brand">
            <strong>gradsync</strong>
            <span>share and export preview</span>
          </div>
          <div className="gs-header-actions">
            <ShareMenu />
          </div>
        </header>
        <Notices />
        <main className="gs-stage" style={{ flex: 1, minHeight: 0, padding: 12 }}>
          <DevicesView />
          <Controls />
        </main>
      </div>
    </SimProvider>
  );
}

const store = createSimStore({ config: { ...config, backend: 'cpu' }, step, notices, gpu: null });
createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <Preview store={store} />
  </StrictMode>,
);
