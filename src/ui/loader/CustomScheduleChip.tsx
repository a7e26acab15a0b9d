// While a loaded schedule replaces the algorithm: its name, whether it is verified (and if not, the
// first violation), and the way back to the algorithm.

import { useSim } from '../StoreContext';

export function CustomScheduleChip() {
  const custom = useSim((s) => s.custom);
  const verification = useSim((s) => s.derived?.verification ?? null);
  const derived = useSim((s) => s.derived !== null);
  const error = useSim((s) => s.error);
  const algorithm = useSim((s) => s.config.algorithm);
  const clearCustom = useSim((s) => s.clearCustom);
  if (!custom) return null;
  const ok = verification?.ok === true;
  // Being verified in the background (a large schedule): neither verdict yet.
  const pending = verification === null && error === null && derived;
  const problem = verification?.violation?.message ?? error ?? null;
  return (
    <div className={`gs-custom-chip ${ok || pending ? 'gs-tone-ok' : 'gs-tone-bad'}`} title={problem ?? undefined}>
      <span className="gs-custom-name">
        Your schedule: <strong>{custom.name}</strong>
      </span>
      <span className="gs-custom-verdict">{ok ? '✓ verified' : pending ? 'verifying…' : '✗ not verified'}</span>
      {problem && !ok && <span className="gs-custom-problem">{problem}</span>}
      <button type="button" className="gs-link" onClick={clearCustom}>
        Back to gradsync’s {algorithm}
      </button>
    </div>
  );
}
