// An nccl-tests log loaded in the app: read, fitted (core/ncclTests), shown against the model, and
// the fit made the app's α-β model on request. A log that cannot be read replaces nothing; one whose
// devices per node the log does not tell is kept, waiting for them.

import { fabricText, parseFabricText } from '../core/formats';
import { DEFAULT_ALGORITHM } from '../core/algorithms';
import { GradsyncError, refused, type Refused } from '../core/errors';
import { fitAsModel, type FitModel, calibrate, type Calibration, parseNcclTestsLog, type NcclTestsLog } from '../core/ncclTests';
import { algorithmIdsFor, LIMITS, type SimConfig } from './config';
import { describeError } from './derive';

export interface LoadedLog {
  /** The file it came from, or what pasted text is called. */
  name: string;
  log: NcclTestsLog;
  /** Devices per node given in the app where the log does not tell them; null: the log's, else one node. */
  devicesPerNode: number | null;
  /** null until the devices per node are known (`problem` says what is missing). */
  calibration: Calibration | null;
  problem: string | null;
  /** What "Use this fit" set, once used. */
  applied: FitModel | null;
}

type Fitted = Pick<LoadedLog, 'calibration' | 'problem'>;

/** The fit with the devices per node given; a missing or wrong devices per node is the problem to show. */
function fitted(log: NcclTestsLog, devicesPerNode: number | null): Fitted {
  try {
    return { calibration: calibrate(log, devicesPerNode ?? undefined), problem: null };
  } catch (error) {
    if (error instanceof GradsyncError && error.setting?.field === 'devicesPerNode') return { calibration: null, problem: describeError(error) };
    throw error;
  }
}

/** The log as loaded, or what is wrong with it in one line (the parser names the line). */
function readLog(text: string, name: string): { ok: true; loaded: LoadedLog } | Refused {
  try {
    const log = parseNcclTestsLog(text);
    return { ok: true, loaded: { name, log, devicesPerNode: null, ...fitted(log, null), applied: null } };
  } catch (error) {
    if (!(error instanceof GradsyncError)) throw error;
    return refused(error.message);
  }
}

/** The same log fitted anew for `devicesPerNode` devices per node. */
function withDevicesPerNode(loaded: LoadedLog, devicesPerNode: number): LoadedLog {
  return { ...loaded, devicesPerNode, ...fitted(loaded.log, devicesPerNode), applied: null };
}

/** The fit as the app's model, or why it cannot be (the core's reason, or the app's limits). */
export function fitModel(calibration: Calibration): { ok: true; model: FitModel } | Refused {
  const derived = fitAsModel(calibration);
  if (!derived.ok) return derived;
  // As a link writes it (fabricText's six figures), so the fit survives the round trip exactly.
  const fabric = parseFabricText(fabricText(derived.model.fabric));
  const model = { ...derived.model, latencyUs: fabric.latencyUs, bandwidthGBs: fabric.bandwidthGBs, fabric };
  if (model.devices > LIMITS.devices.max) return refused(`the log ran ${model.devices} devices; the app shows at most ${LIMITS.devices.max}`);
  const within = (value: number, { min, max }: { min: number; max: number }) => value >= min && value <= max;
  if (!within(model.latencyUs, LIMITS.latencyUs) || !within(model.bandwidthGBs, LIMITS.bandwidthGBs)) {
    return refused(`α ${model.latencyUs} µs and B ${model.bandwidthGBs} GB/s are outside the model's range`);
  }
  return { ok: true, model };
}

/**
 * The configuration change that makes the fit the model: the log's collective and devices (the ring
 * where the algorithm shown is not one of the collective's), one switch, α and B. Keys already as
 * they should be are left out, so a loaded schedule of the log's shape stays.
 */
function fitPatch(config: SimConfig, model: FitModel): Partial<SimConfig> {
  const wanted: Partial<SimConfig> = {
    collective: model.collective,
    devices: model.devices,
    algorithm: algorithmIdsFor(model.collective).includes(config.algorithm) ? config.algorithm : DEFAULT_ALGORITHM,
    // The nodes stay the log's for an algorithm built over them (hierarchical-ring); the model is one switch.
    ...(model.nodes > 1 && { devicesPerNode: model.devicesPerNode }),
    topology: 'switch',
    latencyUs: model.latencyUs,
    bandwidthGBs: model.bandwidthGBs,
    preset: null,
    fit: model.fabric,
  };
  return Object.fromEntries(Object.entries(wanted).filter(([key, value]) => config[key as keyof SimConfig] !== value));
}

/** Whether the model still is the fit's: α, B, one switch and the log's devices, as set. */
export function isFitModel(config: SimConfig, model: FitModel): boolean {
  return (
    config.latencyUs === model.latencyUs &&
    config.bandwidthGBs === model.bandwidthGBs &&
    config.devices === model.devices &&
    config.topology === 'switch' &&
    config.preset === null &&
    config.fit !== null &&
    fabricText(config.fit) === fabricText(model.fabric)
  );
}

export interface CalibrationSlice {
  /** An nccl-tests log shown against the model; it stays until closed, whatever the schedule. */
  ncclLog: LoadedLog | null;
  /** Shows a log's fit; returns what is wrong with the text (one line naming its line), or null. */
  loadNcclTestsLog(text: string, name: string): string | null;
  /** Fits the log shown anew for devices per node the log does not tell. */
  setLogDevicesPerNode(devicesPerNode: number): void;
  /** Makes the fit the model (fitPatch through setConfig); nothing where it cannot be (fitModel says why). */
  applyLogFit(): void;
  clearNcclLog(): void;
}

/** The log's part of the store: its state and actions, over the store's get, set and setConfig. */
export function calibrationSlice(
  get: () => CalibrationSlice & { config: SimConfig; setConfig(patch: Partial<SimConfig>): void },
  set: (patch: Partial<CalibrationSlice>) => void,
): CalibrationSlice {
  return {
    ncclLog: null,
    loadNcclTestsLog(text, name) {
      const read = readLog(text, name);
      if (!read.ok) return read.reason;
      set({ ncclLog: read.loaded });
      return null;
    },
    setLogDevicesPerNode(devicesPerNode) {
      const loaded = get().ncclLog;
      if (loaded) set({ ncclLog: withDevicesPerNode(loaded, devicesPerNode) });
    },
    applyLogFit() {
      const loaded = get().ncclLog;
      const derived = loaded?.calibration ? fitModel(loaded.calibration) : null;
      if (!loaded || !derived?.ok) return;
      get().setConfig(fitPatch(get().config, derived.model));
      set({ ncclLog: { ...loaded, applied: derived.model } });
    },
    clearNcclLog() {
      set({ ncclLog: null });
    },
  };
}
