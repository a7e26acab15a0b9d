// The inspector's reduction order: for one element of the inspected device, the tree of ⊕s that
// produced it under the schedule shown and under another algorithm of its collective, both run on the
// same data by the figure's engine, with the two f32 results, the ulps between them and each tree's
// rounding bound. Why ring and tree all-reduce can end in different last bits (NVIDIA/nccl#1055), and
// why with the picture's small integers they never do.

import { useEffect, useMemo, useState } from 'react';
import { algorithmIds } from '../../../core/algorithms';
import { deviceLabel } from '../../../core/notation';
import { chunkOffsets, reducesData, type Schedule } from '../../../core/schedule';
import { dyadicDecimal, reductionExpression, treeInputs } from '../../../core/symbolic';
import { orderCounterpart, type Distribution, type OrderComparison, type OrderSide } from '../../../store/orderComparison';
import { numberRule, NumberField } from '../../NumberField';
import { useSim } from '../../StoreContext';
import { boundWords, DATA_CHOICES, depthWords, orderVerdict, originWords, valueWords } from './orderWords';
import { ReductionTreeView } from './ReductionTreeView';
import { MAX_DRAWN_INPUTS } from './treeLayout';
import { useOrderComparison } from './useOrderComparison';

/** The seed of the data compared: the command line's default, so `gradsync run --data … --explain-element` agrees. */
const SEED = 1;

export interface ReductionOrderProps {
  schedule: Schedule;
  device: number;
  /** The chunk selected in the inspector: its first element is explained. */
  chunk: number | null;
}

export function ReductionOrder({ schedule, device, chunk }: ReductionOrderProps) {
  if (!reducesData(schedule.collective)) return null;
  return <OrderSection schedule={schedule} device={device} chunk={chunk} />;
}

function OrderSection({ schedule, device, chunk }: ReductionOrderProps) {
  const elements = useSim((s) => s.config.elements);
  const { collective, algorithm } = schedule;
  const offsets = useMemo(() => chunkOffsets(elements, schedule.chunks), [elements, schedule.chunks]);
  const chunkStart = chunk !== null && chunk < schedule.chunks && offsets[chunk] < offsets[chunk + 1] ? offsets[chunk] : 0;
  const [element, setElement] = useState(chunkStart);
  // Choosing a chunk in the list above moves to its first element.
  useEffect(() => setElement(chunkStart), [chunkStart]);
  const shownElement = element < elements ? element : 0;
  const parseElement = useMemo(() => numberRule('Element', 0, elements - 1, { integer: true }), [elements]);

  const others = algorithmIds(collective).filter((id) => id !== algorithm);
  const [against, setAgainst] = useState(() => orderCounterpart(collective, algorithm));
  useEffect(() => setAgainst(orderCounterpart(collective, algorithm)), [collective, algorithm]);
  const [distribution, setDistribution] = useState<Distribution>('mixed');
  const { answer, pending } = useOrderComparison({ against, element: shownElement, device, distribution, seed: SEED });

  return (
    <section className="gs-order" aria-label="Reduction order">
      <h3 className="gs-inspector-section">Reduction order</h3>
      <div className="gs-order-controls">
        <NumberField label="element" value={shownElement} step="1" parse={parseElement} onValid={setElement} />
        {others.length > 0 && (
          <label className="gs-order-choice">
            <span>against</span>
            <select value={against ?? ''} onChange={(event) => setAgainst(event.target.value)}>
              {others.map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="gs-order-choice">
          <span>data</span>
          <select value={distribution} onChange={(event) => setDistribution(event.target.value as Distribution)}>
            {DATA_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {answer === null ? (
        <p className="gs-loading" role="status">
          Running both orders…
        </p>
      ) : !answer.ok ? (
        <p className="gs-order-note">{answer.reason}</p>
      ) : (
        <div className={pending ? 'gs-order-result gs-stale' : 'gs-order-result'} aria-busy={pending}>
          <OrderResult answer={answer} />
        </div>
      )}
    </section>
  );
}

function OrderResult({ answer }: { answer: OrderComparison }) {
  const op = useSim((s) => s.config.op);
  const { sides, comparison } = answer;
  const first = sides[0].explained;
  const verdict = comparison ? orderVerdict(sides, comparison, answer.distribution) : null;
  const engine = answer.backend === 'webgpu' ? 'the WebGPU engine' : 'the CPU engine';
  return (
    <>
      <p className="gs-order-meta">
        element {first.element} on {deviceLabel(first.device)} · exact {op === 'avg' ? 'Σ xᵢ·f32(1/N)' : op}{' '}
        <span className="gs-order-number">{dyadicDecimal(first.accuracy.exact).replace('-', '−')}</span> · run on {engine}, seed {SEED}
      </p>
      {sides.map((side) => (
        <Side key={side.schedule.algorithm} side={side} />
      ))}
      {verdict && <p className={`gs-order-verdict gs-order-${verdict.tone}`}>{verdict.text}</p>}
      <p className="gs-order-note">
        Bound: a sum formed by a tree k additions deep errs by at most γ(k)·Σ|x|, γ(k) = k·u/(1 − k·u), u = 2⁻²⁴ (Higham, Accuracy and Stability of Numerical
        Algorithms, §4.2). The highlighted path is the deepest.
      </p>
    </>
  );
}

function Side({ side }: { side: OrderSide }) {
  const op = useSim((s) => s.config.op);
  const { schedule, explained } = side;
  const value = valueWords(side);
  const expression = reductionExpression(explained.tree, schedule.devices, op);
  return (
    <figure className="gs-order-side">
      <figcaption>
        <strong>{schedule.algorithm}</strong> · {depthWords(explained, op)} · chunk {explained.chunk + 1}
      </figcaption>
      {treeInputs(explained.tree) <= MAX_DRAWN_INPUTS && (
        <ReductionTreeView tree={explained.tree} devices={schedule.devices} op={op} label={`${schedule.algorithm}: ${expression}`} />
      )}
      <p className="gs-order-expression">{expression}</p>
      <p className="gs-order-value">
        <span className="gs-order-number">{value.value}</span> <code>{value.bits}</code>{' '}
        <span className={value.agrees ? 'gs-order-check' : 'gs-order-check gs-order-mismatch'}>
          {value.agrees ? '✓' : '✗'} {value.check}
        </span>
      </p>
      <p className="gs-order-bound">{boundWords(explained, op)}</p>
      <p className="gs-order-origin">{originWords(side)}</p>
    </figure>
  );
}
