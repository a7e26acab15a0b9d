// The race page: two algorithms on the same devices and data, each in its own store, stepping on one
// clock of model time, so the faster visibly finishes first; then a verdict says by how much and why.

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { topologyUnder } from '../../core/model';
import { stepSpeed, type SimConfig } from '../../store/config';
import type { Background } from '../../store/background/background';
import { createSimStore } from '../../store/simStore';
import { MODELLING, preparingWords } from '../PreparingStatus';
import { formatUrlState } from '../../store/url';
import { formatMicroseconds } from '../format';
import { cumulativeEnds, finishTime, type SideStage } from './raceClock';
import { RaceClockBar } from './RaceClockBar';
import { RaceHeader } from './RaceHeader';
import { RaceSide } from './RaceSide';
import { RaceTrack } from './RaceTrack';
import { DepartureClock } from './raceFlight';
import { formatRaceUrl, type RaceSetup } from './raceUrl';
import { raceVerdict } from './raceVerdict';
import { RaceVerdictLine } from './RaceVerdictLine';
import { useRaceClock, type ClockSide, type RaceClock } from './useRaceClock';
import { useRaceKeys } from './useRaceKeys';
import { KeysDialog } from './KeysDialog';
import { RACE_KEYS } from './raceKeys';

export interface RaceProps {
  setup: RaceSetup;
  theme?: 'light' | 'dark';
  /** Called with the query string whenever the race changes (the page keeps its URL with it). */
  onUrl?(search: string): void;
  /** Where large schedules are prepared (the page's worker); without one they are prepared at once. */
  background?: Background | null;
}

const NO_SIDES: ClockSide[] = [];
const NOT_STARTED: SideStage = { stage: 'before', step: 0 };

/** What to press while the clock stands: to start it, or, stopped part way, to go on. */
function standingHint(stages: RaceClock['stages']): string {
  const started = stages.some((side) => side.stage !== 'before');
  return started
    ? 'Stopped: ▶ or Space goes on; → runs to the next step end, ← back to the last; ? shows the keys.'
    : 'Press ▶ or Space to start the clock; → runs it to the next step end; ? shows the keys.';
}

export function Race({ setup, theme, onUrl, background = null }: RaceProps) {
  const [algorithms, setAlgorithms] = useState(setup.algorithms);
  const [config, setConfig] = useState<SimConfig>(setup.config);
  const [sides, setSides] = useState<ClockSide[] | null>(null);
  /** What is being prepared before the race can start (large schedules take a while). */
  const [waiting, setWaiting] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const readout = useRef<HTMLOutputElement>(null);
  const cursor = useRef<HTMLDivElement>(null);
  const { speed, ...shared } = config;
  const raceKey = JSON.stringify([algorithms, shared]);

  useEffect(() => {
    const [a, b] = JSON.parse(raceKey) as [[string, string], Omit<SimConfig, 'speed'>];
    // Each store stamps its steps with its side's clock, which the race sets when messages set off.
    const clocks = a.map(() => new DepartureClock());
    const stores = a.map((algorithm, i) =>
      createSimStore({ config: { ...b, algorithm, speed: 1, backend: 'cpu' }, gpu: null, background, engine: false, now: clocks[i].now }),
    );
    // The clock starts once both schedules are ready and modelled; their step times set its lanes.
    const preparing = () => stores.map((store) => store.getState().preparing).find((p) => p !== null) ?? null;
    const modelling = () => stores.some((store) => store.getState().derived !== null && store.getState().derived!.cost === null);
    const update = () => {
      const now = preparing();
      const waitingForModel = now === null && modelling();
      setWaiting(now ? preparingWords(now) : waitingForModel ? MODELLING : null);
      if (now || waitingForModel) return false;
      setSides(stores.map((store, i) => ({ store, clock: clocks[i], ends: cumulativeEnds(store.getState().derived?.cost?.stepTimesUs ?? []) })));
      return true;
    };
    setSides(null);
    const unsubscribe = update() ? [] : stores.map((store) => store.subscribe(() => update() && unsubscribe.forEach((stop) => stop())));
    return () => {
      unsubscribe.forEach((stop) => stop());
      stores.forEach((store) => store.getState().dispose());
    };
  }, [raceKey, background]);

  useEffect(() => onUrl?.(formatRaceUrl(algorithms, config)), [onUrl, algorithms, config]);

  const current = sides ?? NO_SIDES;
  const slowest = Math.max(0, ...current.map((side) => finishTime(side.ends)));
  const onTime = useCallback(
    (t: number) => {
      if (readout.current) readout.current.textContent = `model time ${t === 0 ? '0 µs' : formatMicroseconds(t)}`;
      if (cursor.current) cursor.current.style.left = `${slowest > 0 ? (t / slowest) * 100 : 0}%`;
    },
    [slowest],
  );
  const clock = useRaceClock(current, speed, onTime);
  const [help, setHelp] = useState(false);
  const showHelp = useCallback((shown: boolean) => {
    setHelp(shown);
    if (!shown) root.current?.focus({ preventScroll: true });
  }, []);
  useRaceKeys(clock, { shown: help, show: showHelp }, (direction) => setConfig((now) => ({ ...now, speed: stepSpeed(now.speed, direction) })));
  // A pick in an opened menu fires its change before the menu closes, and the closing hands focus
  // back to the menu's button: the race takes the keyboard once that is done.
  const giveBackKeys = useCallback(() => void setTimeout(() => root.current?.focus({ preventScroll: true })), []);

  const entrants = useMemo(
    () =>
      current.map((side, i) => {
        const derived = side.store.getState().derived;
        // The model's α (inside a node): a machine preset's where one is chosen, under the protocol modelled.
        const plain = derived && (derived.cost ? topologyUnder(derived.topology, derived.cost.protocol) : derived.topology);
        const fabric = plain && (plain.kind === 'switch' ? plain : plain.intra);
        return { algorithm: algorithms[i], cost: derived?.cost ?? null, latencyUs: fabric?.latencyUs ?? config.latencyUs };
      }),
    [current, algorithms, config.latencyUs],
  );
  const error = current.map((side) => side.store.getState().error).find((e) => e !== null) ?? null;
  const [a, b] = entrants;
  const outcome = useMemo(() => (a?.cost && b?.cost ? raceVerdict({ ...a, cost: a.cost }, { ...b, cost: b.cost }) : null), [a, b]);
  const verdict = clock.finished ? outcome : null;
  const finishes = current.map((side) => finishTime(side.ends));
  const place = (i: number) => (finishes.length < 2 || Math.abs(finishes[0] - finishes[1]) <= 0.005 * slowest ? 0 : finishes[i] < finishes[1 - i] ? 1 : 2);

  return (
    <div ref={root} className="gs-root gs-present gs-race" data-theme={theme} tabIndex={-1}>
      <RaceHeader
        onDone={giveBackKeys}
        algorithms={algorithms}
        config={config}
        appHref={`./${formatUrlState({ ...config, algorithm: algorithms[0], backend: 'webgpu', speed: 1 }, 0)}`}
        onChange={(next, patch) => {
          setAlgorithms(next);
          setConfig({ ...config, ...patch });
        }}
      />
      {setup.notices.length > 0 && (
        <ul className="gs-race-notices" role="status">
          {setup.notices.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
      )}
      <RaceClockBar clock={clock} speed={speed} onSpeed={(value) => setConfig({ ...config, speed: value })} readoutRef={readout} />
      <RaceTrack lanes={current.map((side, i) => ({ algorithm: algorithms[i], ends: side.ends }))} slowestUs={slowest} cursorRef={cursor} />
      <RaceVerdictLine shown={error ?? verdict ?? waiting ?? (current.length && !clock.playing ? standingHint(clock.stages) : '')} verdict={outcome} />
      <div className="gs-race-sides">
        {current.map((side, i) => (
          <RaceSide key={i} side={side} algorithm={algorithms[i]} at={clock.stages[i] ?? NOT_STARTED} finishUs={finishes[i]} place={place(i)} />
        ))}
      </div>
      {help && <KeysDialog title="Race keys" keys={RACE_KEYS} onClose={() => showHelp(false)} />}
    </div>
  );
}
