// Throwaway preview of the inspector, the schedule loader and the notices, in an app-like frame.
// ?scene=ring|broken|loader|notices &theme=light|dark

import { StrictMode, useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { buildSchedule } from '../../src/core/algorithms';
import { deviceLabel } from '../../src/core/notation';
import { createSimStore, type SimStore } from '../../src/store/simStore';
import { Inspector } from '../../src/ui/inspector/Inspector';
import { ScheduleDropOverlay } from '../../src/ui/loader/ScheduleDropOverlay';
import { ScheduleLoader } from '../../src/ui/loader/ScheduleLoader';
import { Notices } from '../../src/ui/notices/Notices';
import { deviceColor } from '../../src/ui/palette';
import { SimProvider, useSim } from '../../src/ui/StoreContext';
import '../../src/ui/styles/theme.css';
import '../../src/ui/styles/inspector.css';
import '../../src/ui/styles/inspectorValues.css';
import '../../src/ui/styles/loader.css';
import '../../src/ui/styles/notices.css';

const params = new URLSearchParams(location.search);
const scene = params.get('scene') ?? 'ring';
const theme = params.get('theme') ?? 'light';

function Stage() {
  const devices = useSim((s) => s.derived?.schedule.devices ?? 0);
  const inspect = useSim((s) => s.inspect);
  const inspected = useSim((s) => s.inspected);
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, padding: 24, alignContent: 'flex-start', maxWidth: 640 }}>
      {Array.from({ length: Math.min(devices, 8) }, (_, d) => (
        <button
          key={d}
          type="button"
          className="gs-panel"
          onClick={() => inspect(d)}
          style={{
            width: 120,
            height: 80,
            cursor: 'pointer',
            outline: d === inspected ? '2px solid var(--gs-accent)' : undefined,
            borderTopWidth: 4,
            borderTopColor: deviceColor(d, devices),
          }}
        >
          {deviceLabel(d)}
        </button>
      ))}
    </div>
  );
}

function App({ store }: { store: SimStore }) {
  const root = useRef<HTMLDivElement>(null);
  return (
    <SimProvider store={store}>
      <div ref={root} className="gs-root" data-theme={theme} style={{ position: 'relative', height: '100%', overflow: 'hidden' }}>
        <header
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 16,
            padding: '10px 16px',
            borderBottom: '1px solid var(--gs-border)',
            background: 'var(--gs-panel)',
          }}
        >
          <strong>gradsync</strong>
          <ScheduleLoader />
        </header>
        <Stage />
        <Inspector />
        <Notices />
        <ScheduleDropOverlay rootRef={root} />
      </div>
    </SimProvider>
  );
}

function Boot({ store }: { store: SimStore }) {
  const booted = useRef(false);
  useEffect(() => {
    // StrictMode runs effects twice; load and notify once.
    if (booted.current) return;
    booted.current = true;
    const s = store.getState();
    if (scene === 'broken') {
      const ring = buildSchedule({ algorithm: 'ring', devices: 4 });
      const broken = { ...ring, steps: ring.steps.map((step, i) => (i === 0 ? { ...step, transfers: step.transfers.slice(1) } : step)) };
      s.loadSchedule(JSON.stringify(broken), 'ring-missing-a.json');
    }
    if (scene === 'notices') {
      s.notify('info', 'WebGPU is not available here; running on the CPU engine instead');
      s.notify('warning', 'step 9 is past the last step (6); showing the end');
      s.notify('error', 'my-ring.json: the schedule is not valid JSON (Unexpected end of JSON input)');
      s.notify('error', 'big.json is 61.2 MiB; a schedule file may be at most 50.0 MiB');
      s.notify('info', 'Loaded my-ring.json');
    }
    setTimeout(() => {
      store.getState().toEnd();
      if (scene === 'ring' || scene === 'broken' || scene === 'big') store.getState().inspect(scene === 'broken' ? 2 : scene === 'big' ? 7 : 1);
    }, 50);
  }, [store]);
  return <App store={store} />;
}

const store = createSimStore({
  config: { backend: 'cpu', elements: 1024, devices: scene === 'big' ? 1024 : 4, op: scene === 'big' ? 'avg' : 'sum' },
  gpu: null,
});
createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <Boot store={store} />
  </StrictMode>,
);
