// Throwaway preview of the Devices view: ?case=ring4&theme=dark&w=860&h=540&play=4
import { createRoot } from 'react-dom/client';
import { buildSchedule } from '../../src/core/algorithms';
import { createSimStore, type SimStoreOptions } from '../../src/store/simStore';
import { DevicesView } from '../../src/ui/devices/DevicesView';
import { SimProvider } from '../../src/ui/StoreContext';
import '../../src/ui/styles/theme.css';
import '../../src/ui/styles/devices.css';
import '../../src/ui/styles/transfers.css';

const CASES: Record<string, SimStoreOptions['config'] & { step?: number; broken?: boolean }> = {
  ring4: { algorithm: 'ring', devices: 4, step: 2 },
  ring8: { algorithm: 'ring', devices: 8, step: 5 },
  dtree8: { algorithm: 'double-tree', devices: 8, step: 4 },
  dtree16: { algorithm: 'double-tree', devices: 16, step: 6 },
  dtree64: { algorithm: 'double-tree', devices: 64, step: 8 },
  hring8: { algorithm: 'hierarchical-ring', devices: 8, devicesPerNode: 4, step: 3 },
  hring64: { algorithm: 'hierarchical-ring', devices: 64, devicesPerNode: 8, step: 10 },
  hring32: { algorithm: 'hierarchical-ring', devices: 32, devicesPerNode: 4, step: 6 },
  master6: { algorithm: 'master', devices: 6, step: 1 },
  master64: { algorithm: 'master', devices: 64, step: 1 },
  tree8: { algorithm: 'tree', devices: 8, step: 3 },
  tree64: { algorithm: 'tree', devices: 64, step: 6 },
  naive4: { algorithm: 'naive', devices: 4, step: 1 },
  hd8: { algorithm: 'halving-doubling', devices: 8, step: 2 },
  rd16: { algorithm: 'recursive-doubling', devices: 16, step: 2 },
  bcast8: { collective: 'broadcast', algorithm: 'binomial-tree', devices: 8, step: 2 },
  ring2: { algorithm: 'ring', devices: 2, step: 1 },
  ring16: { algorithm: 'ring', devices: 16, step: 10 },
  ring64: { algorithm: 'ring', devices: 64, step: 40 },
  ring256: { algorithm: 'ring', devices: 256, step: 200 },
  ring1024: { algorithm: 'ring', devices: 1024, step: 700 },
  hring1024: { algorithm: 'hierarchical-ring', devices: 1024, devicesPerNode: 8, step: 40 },
  broken: { algorithm: 'ring', devices: 4, step: 6, broken: true },
};

const params = new URLSearchParams(location.search);
const name = params.get('case') ?? 'ring4';
const { step, broken, ...config } = CASES[name];
const store = createSimStore({ config: { backend: 'cpu', elements: 1024, ...config, speed: Number(params.get('speed') ?? 1) }, gpu: null });
if (broken) {
  const schedule = buildSchedule({ algorithm: 'ring', devices: 4 });
  schedule.steps[1].transfers.splice(0, 1);
  store.getState().loadSchedule(JSON.stringify(schedule), 'broken-ring.json');
}
store.getState().seek(step ?? 0);
if (params.get('inspect')) store.getState().inspect(Number(params.get('inspect')));
if (params.get('play')) store.getState().play();

const theme = params.get('theme') ?? 'light';
const width = params.get('w');
const height = params.get('h');
createRoot(document.getElementById('root')!).render(
  <div className="gs-root" data-theme={theme} style={{ padding: 12 }}>
    <div className="gs-panel" style={{ width: width ? Number(width) : undefined, height: height ? Number(height) : 'calc(100% - 24px)' }}>
      <SimProvider store={store}>
        <DevicesView />
      </SimProvider>
    </div>
  </div>,
);
(window as unknown as { gradsyncStore: typeof store }).gradsyncStore = store;
