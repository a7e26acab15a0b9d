// Asks the store to run the two reduction orders whenever what they depend on changes (the schedule
// shown, the size, the op, the engine, or the panel's own choices), and keeps the last answer shown,
// marked as stale, while the next is computed.

import { useEffect, useState } from 'react';
import { GradsyncError, refused, type Refused } from '../../../core/errors';
import type { OrderAsk, OrderComparison } from '../../../store/orderComparison';
import { useSim } from '../../StoreContext';

export interface OrderState {
  answer: OrderComparison | Refused | null;
  /** True while an answer for the current choices is being computed. */
  pending: boolean;
}

export function useOrderComparison(ask: OrderAsk): OrderState {
  const compareOrders = useSim((s) => s.compareOrders);
  const schedule = useSim((s) => s.derived?.schedule ?? null);
  const elements = useSim((s) => s.config.elements);
  const op = useSim((s) => s.config.op);
  const backend = useSim((s) => s.engine?.active ?? null);
  const [state, setState] = useState<OrderState>({ answer: null, pending: true });
  const { against, element, device, distribution, seed } = ask;

  useEffect(() => {
    let current = true;
    setState((previous) => ({ answer: previous.answer, pending: true }));
    compareOrders({ against, element, device, distribution, seed }).then(
      (answer) => current && setState({ answer, pending: false }),
      (error: unknown) => {
        // A problem of the data or the machine is said in the panel; anything else is a bug and goes on up.
        if (!(error instanceof GradsyncError)) throw error;
        if (current) setState({ answer: refused(error.message), pending: false });
      },
    );
    return () => {
      current = false;
    };
  }, [compareOrders, schedule, elements, op, backend, against, element, device, distribution, seed]);

  return state;
}
