// A plain page until the simulator view lands: pick an algorithm and a device count, read every step
// in the seeds' words, and see the schedule verified and costed.

import { useMemo, useState } from 'react';
import { ALGORITHMS, buildSchedule } from '../core/algorithms';
import { DEFAULT_TOPOLOGY, modelCost } from '../core/cost';
import { GradsyncError } from '../core/errors';
import { bandwidthMetrics } from '../core/metrics';
import { narrateAll } from '../core/narration';
import { verifySchedule } from '../core/verify';

const ELEMENTS = 1 << 20;

function describe(algorithm: string, devices: number) {
  try {
    const schedule = buildSchedule({ algorithm, devices, devicesPerNode: algorithm === 'hierarchical-ring' ? 2 : undefined });
    const cost = modelCost(schedule, ELEMENTS, DEFAULT_TOPOLOGY);
    return {
      schedule,
      verified: verifySchedule(schedule),
      cost,
      metrics: bandwidthMetrics('allreduce', devices, ELEMENTS, cost.totalUs),
      steps: devices <= 16 ? narrateAll(schedule) : [],
      error: null,
    };
  } catch (error) {
    if (error instanceof GradsyncError) return { error: error.message };
    throw error;
  }
}

export function PlaceholderApp() {
  const [algorithm, setAlgorithm] = useState('ring');
  const [devices, setDevices] = useState(4);
  const result = useMemo(() => describe(algorithm, devices), [algorithm, devices]);
  return (
    <main>
      <h1>gradsync</h1>
      <p className="lede">Multi-GPU gradient synchronization, step by step. The animated simulator is on its way; meanwhile, every algorithm tells its steps here.</p>
      <form onSubmit={(event) => event.preventDefault()}>
        <label>
          Algorithm
          <select value={algorithm} onChange={(event) => setAlgorithm(event.target.value)}>
            {ALGORITHMS.allreduce.map((spec) => (
              <option key={spec.id} value={spec.id}>{spec.id}</option>
            ))}
          </select>
        </label>
        <label>
          Devices
          <input type="number" min={2} max={16} step={2} value={devices} onChange={(event) => setDevices(Math.max(2, Math.min(16, Number(event.target.value) || 2)))} />
        </label>
      </form>
      {'error' in result && result.error !== null ? (
        <p role="alert">{result.error}</p>
      ) : (
        result.schedule && (
          <>
            <p className="summary">
              {result.verified!.ok ? '✓ verified' : `✗ ${result.verified!.violation!.message}`} · {result.schedule.steps.length} steps · model time for 4 MiB:{' '}
              {result.cost!.totalUs.toFixed(1)} µs · busbw {result.metrics!.busbwGBs?.toFixed(1) ?? '—'} GB/s
            </p>
            <ol className="steps">
              {result.steps!.map((step) => (
                <li key={step.step}>
                  <h2>Step {step.step} · {step.phaseLabel}</h2>
                  <ul>
                    {step.sentences.map((sentence, i) => (
                      <li key={i}>{sentence}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          </>
        )
      )}
    </main>
  );
}
