// The central picture: every device with its buffer, laid out for the algorithm, and each step's
// messages travelling between them. Beyond 64 devices (or too many chunk cells) an aggregate view
// takes over.

import { useSim } from '../StoreContext';
import { DETAIL_LIMIT } from '../useStepState';
import { AggregateView } from './AggregateView';
import { DeviceDiagram } from './DeviceDiagram';

/** Most devices drawn as cards. */
export const CARD_LIMIT = 64;

export function showsAggregate(devices: number, chunks: number): boolean {
  return devices > CARD_LIMIT || devices * chunks > DETAIL_LIMIT;
}

export function DevicesView() {
  const schedule = useSim((s) => s.derived?.schedule ?? null);
  const error = useSim((s) => s.error);
  return (
    <section className="gs-devices" aria-label="Devices">
      {schedule === null ? (
        <p className="gs-devices-empty">{error ?? 'No schedule to show.'}</p>
      ) : showsAggregate(schedule.devices, schedule.chunks) ? (
        <AggregateView key="aggregate" schedule={schedule} />
      ) : (
        <DeviceDiagram key="detail" schedule={schedule} />
      )}
    </section>
  );
}
