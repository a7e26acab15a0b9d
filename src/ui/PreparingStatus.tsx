// What the page says while a large schedule is prepared in the background: what is being done to
// which schedule, and how far, where the picture (or narration, or figures) will be.

import type { Preparing } from '../store/simStore';
import { formatCount } from './format';
import { useSim } from './StoreContext';

/** Where a verdict will be, while a large schedule's proof is made in the background. */
export const VERIFYING = 'Verifying that every device ends with what the collective promises…';

/** Where the figures will be, while a large schedule's traffic and model are counted in the background. */
export const MODELLING = 'Counting the traffic and modelling the cost…';

/** A muted status line where figures will be, once the picture is shown before them. */
export function ModellingStatus({ className }: { className: string }) {
  return (
    <p className={`${className} gs-modelling`} role="status" aria-busy={true}>
      {MODELLING}
    </p>
  );
}

export function preparingWords(preparing: Preparing): string {
  return `Building ${preparing.algorithm} on ${formatCount(preparing.devices)} devices…`;
}

/** The store's error, else what is being prepared, else `idle`. */
export function useEmptyWords(idle: string): string {
  const error = useSim((s) => s.error);
  const preparing = useSim((s) => s.preparing);
  return error ?? (preparing ? preparingWords(preparing) : idle);
}

/** A status line (`error` coloured, preparing muted), with an indeterminate bar while preparing if `bar`. */
export function PreparingStatus({ className, idle, bar = false }: { className: string; idle: string; bar?: boolean }) {
  const words = useEmptyWords(idle);
  const preparing = useSim((s) => (s.error === null ? s.preparing : null));
  return (
    <p className={preparing ? `${className} gs-preparing` : className} role="status" aria-busy={preparing !== null}>
      {words}
      {preparing && bar && <progress className="gs-preparing-bar" aria-hidden="true" />}
    </p>
  );
}
