// Preview of the metrics area: ?view=metrics|compare|timeline&algorithm=ring&devices=8&elements=1024&step=3&theme=dark&width=420
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../src/ui/styles/theme.css';
import '../../src/ui/styles/metrics.css';
import { createSimStore } from '../../src/store/simStore';
import { CompareChart, MetricsPanel, Timeline } from '../../src/ui/metrics';
import { SimProvider } from '../../src/ui/StoreContext';

const params = new URLSearchParams(location.search);
const number = (key: string, fallback: number) => (params.has(key) ? Number(params.get(key)) : fallback);
const store = createSimStore({
  config: {
    algorithm: params.get('algorithm') ?? 'ring',
    devices: number('devices', 8),
    elements: number('elements', 1024),
    backend: 'cpu',
  },
  step: number('step', 0),
  gpu: null,
});
const view = params.get('view') ?? 'metrics';
const View = view === 'compare' ? CompareChart : view === 'timeline' ? Timeline : MetricsPanel;
const width = params.get('width');

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <div className="gs-root" data-theme={params.get('theme') ?? 'light'} style={{ minHeight: '100vh', padding: 16 }}>
      <div style={{ width: width ? `${width}px` : undefined }}>
        <SimProvider store={store}>
          <View />
        </SimProvider>
      </div>
    </div>
  </StrictMode>,
);
