// Shown while a device is inspected (clicking a device sets it in the store); nothing otherwise.

import { useSim } from '../StoreContext';
import { InspectorPanel } from './InspectorPanel';

export function Inspector() {
  const inspected = useSim((s) => s.inspected);
  const schedule = useSim((s) => s.derived?.schedule ?? null);
  if (inspected === null || !schedule || inspected >= schedule.devices) return null;
  return <InspectorPanel device={inspected} schedule={schedule} />;
}
