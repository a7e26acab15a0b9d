// The central picture: every device with its buffer, laid out for the algorithm, and each step's
// messages travelling between them. Beyond 64 devices (or too many chunk cells) an aggregate view
// takes over.

import { compileSchedule } from '../../core/schedule';
import { PreparingStatus } from '../PreparingStatus';
import { useSim } from '../StoreContext';
import { DETAIL_LIMIT } from '../useStepReader';
import { AggregateView } from './AggregateView';
import { DeviceDiagram } from './DeviceDiagram';

/** Most devices drawn as cards. */
const CARD_LIMIT = 64;

/** `cells`: places per device (slots.ts), the chunks of a plain schedule. */
function showsAggregate(devices: number, cells: number): boolean {
  return devices > CARD_LIMIT || devices * cells > DETAIL_LIMIT;
}

export function DevicesView() {
  const schedule = useSim((s) => s.derived?.schedule ?? null);
  return (
    <section className="gs-devices" aria-label="Devices">
      {schedule === null ? (
        <PreparingStatus className="gs-devices-empty" idle="No schedule to show." bar />
      ) : showsAggregate(schedule.devices, compileSchedule(schedule).slots) ? (
        <AggregateView key="aggregate" schedule={schedule} />
      ) : (
        <DeviceDiagram key="detail" schedule={schedule} />
      )}
    </section>
  );
}
