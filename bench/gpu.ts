// npm run bench:gpu [-- --json] [-- --quick]: the WebGPU engine against the card it runs on, in Node
// (the `webgpu` package, no browser). For ring, double-tree, halving-doubling and naive all-reduce on
// 8 devices × 16 MiB, 64 × 1 MiB and 1,024 × 256 KiB: a whole run (many steps a submission, as run,
// the app's End and the race do) and the same run a submission a step (as the app steps), each as GB/s
// of moved bytes and of memory traffic (a reduce reads two values and writes one, a copy reads one and
// writes one), beside a plain fused vec4 add and a buffer-to-buffer copy over as many bytes on the same
// adapter, interleaved, best of each. The ratios are what is promised: memory traffic ÷ the add's.
// A run that would move more than 2 GiB (naive on many devices) is measured at a smaller size, marked.

import { buildSchedule, type BuildRequest } from '../src/core/algorithms';
import { countTraffic } from '../src/core/model';
import type { Schedule } from '../src/core/schedule';
import { generateInputs } from '../src/engine/inputs';
import { timeAddVec4, timeCopy } from '../src/engine/webgpu/addKernel';
import { nodeGpu } from '../src/engine/webgpu/node';
import { WebGpuEngine } from '../src/engine/webgpu/webgpuEngine';

const json = process.argv.includes('--json');
const quick = process.argv.includes('--quick');
const MiB = 2 ** 20;

/** Devices and bytes a device: a few large messages, many middling ones, very many small ones. */
const SIZES: [number, number][] = quick
  ? [
      [8, 1 * MiB],
      [64, 64 * 1024],
    ]
  : [
      [8, 16 * MiB],
      [64, 1 * MiB],
      [1024, 256 * 1024],
    ];
const ALGORITHMS = ['ring', 'double-tree', 'halving-doubling', 'naive'];

interface Row {
  adapter: string;
  algorithm: string;
  devices: number;
  bytesPerDevice: number;
  /** The size asked for, where a smaller one was measured (MOVED_CAP). */
  askedBytes?: number;
  steps: number;
  /** Best wall time of a whole run, and of the same run a submission a step (ms). */
  wholeMs: number;
  steppedMs: number;
  movedGBs: number;
  trafficGBs: number;
  steppedTrafficGBs: number;
  /** The plain kernels' memory traffic over as many bytes: the add's 12 bytes an element, the copy's 8. */
  addGBs: number;
  copyGBs: number;
  /** Whole-run traffic ÷ the add's, ÷ the copy's; the stepped run's ÷ the add's. */
  ratioAdd: number;
  ratioCopy: number;
  steppedRatioAdd: number;
}

const gbs = (bytes: number, ms: number) => bytes / (ms * 1e6);

/**
 * Most bytes one run may move. Naive all-reduce sends every buffer to every device: on 1,024 devices
 * of 256 KiB that is 274 GB, minutes on a software adapter; it is measured at the largest size a
 * device, halving, that moves no more (and says so).
 */
const MOVED_CAP = 2 * 2 ** 30;

/** The bytes a device to measure at: as asked, or halved until a run moves at most MOVED_CAP. */
function sizeFor(schedule: Schedule, bytesPerDevice: number): number {
  let bytes = bytesPerDevice;
  while (bytes > 4096 && countTraffic(schedule, bytes / 4).bytesTransferred > MOVED_CAP) bytes /= 2;
  return bytes;
}

async function measure(provider: Awaited<ReturnType<typeof nodeGpu>>, algorithm: string, devices: number, asked: number): Promise<Row> {
  const request: BuildRequest = { algorithm, devices };
  const schedule = buildSchedule(request);
  const bytesPerDevice = sizeFor(schedule, asked);
  const elements = bytesPerDevice / 4;
  const engine = await WebGpuEngine.create({ schedule, elements, op: 'sum', provider });
  try {
    engine.load(generateInputs(devices, elements, 'sum', 1));
    const device = engine.gpuDevice();
    // Warm both ways and the plain kernels, then interleave, best of each.
    await engine.timedRun();
    await engine.timedRun(true);
    const repeats = bytesPerDevice * devices >= 128 * MiB ? 3 : 5;
    const moved = engine.movedBytesPerRun;
    let [wholeMs, steppedMs, addMs, copyMs] = [Infinity, Infinity, Infinity, Infinity];
    for (let r = 0; r < repeats; r++) {
      wholeMs = Math.min(wholeMs, (await engine.timedRun()).wallMs);
      steppedMs = Math.min(steppedMs, (await engine.timedRun(true)).wallMs);
      addMs = Math.min(addMs, await timeAddVec4(device, provider.shaders, moved / 4, 1, engine.memoryBytes));
      copyMs = Math.min(copyMs, await timeCopy(device, moved, 1, engine.memoryBytes));
    }
    const traffic = engine.trafficBytesPerRun;
    const addGBs = gbs(moved * 3, addMs);
    const copyGBs = gbs(moved * 2, copyMs);
    return {
      adapter: engine.adapterName,
      algorithm,
      devices,
      bytesPerDevice,
      ...(bytesPerDevice === asked ? {} : { askedBytes: asked }),
      steps: engine.steps,
      wholeMs,
      steppedMs,
      movedGBs: gbs(moved, wholeMs),
      trafficGBs: gbs(traffic, wholeMs),
      steppedTrafficGBs: gbs(traffic, steppedMs),
      addGBs,
      copyGBs,
      ratioAdd: gbs(traffic, wholeMs) / addGBs,
      ratioCopy: gbs(traffic, wholeMs) / copyGBs,
      steppedRatioAdd: gbs(traffic, steppedMs) / addGBs,
    };
  } finally {
    engine.destroy();
  }
}

function size(bytes: number): string {
  return bytes >= MiB ? `${bytes / MiB} MiB` : `${bytes / 1024} KiB`;
}

async function main(): Promise<void> {
  let provider;
  try {
    provider = await nodeGpu();
  } catch (error) {
    console.error(`gradsync bench:gpu: no GPU to measure (${(error as Error).message})`);
    process.exitCode = 2;
    return;
  }
  const rows: Row[] = [];
  let adapter = '';
  for (const [devices, bytes] of SIZES) {
    for (const algorithm of ALGORITHMS) {
      const row = await measure(provider, algorithm, devices, bytes);
      rows.push(row);
      if (!adapter) {
        adapter = row.adapter;
        if (!json) console.log(`gradsync bench:gpu on ${adapter}, ${new Date().toISOString().slice(0, 10)}\n`);
        if (!json) console.log(HEADER.join(' | '));
      }
      if (!json) console.log(line(row));
    }
  }
  if (json) console.log(JSON.stringify({ adapter, date: new Date().toISOString(), rows: rows.map(({ adapter: _, ...row }) => row) }, null, 2));
  else
    console.log(
      '\n* smaller than asked: at the size asked it would move more than 2 GiB a run.' +
        '\nGB/s: moved = the transfers’ bytes; traffic = bytes read and written doing them (12 an element reduced, 8 copied), as the add (12) and the copy (8) are counted.' +
        '\nwhole = many steps a submission (run, End, the race); stepped = a submission a step (the app stepping). Targets: 1,024 × 256 KiB ring and halving-doubling ÷ add ≥ 0.5; ring 8 × 16 MiB ÷ add ≥ 0.8.',
    );
}

const HEADER = [
  'all-reduce',
  'devices × bytes',
  'steps',
  'whole ms',
  'stepped ms',
  'moved GB/s',
  'traffic GB/s',
  'add GB/s',
  'copy GB/s',
  '÷ add',
  '÷ copy',
  'stepped ÷ add',
];

function line(r: Row): string {
  return [
    r.algorithm,
    `${r.devices} × ${size(r.bytesPerDevice)}${r.askedBytes ? '*' : ''}`,
    r.steps,
    r.wholeMs.toFixed(2),
    r.steppedMs.toFixed(2),
    r.movedGBs.toFixed(2),
    r.trafficGBs.toFixed(2),
    r.addGBs.toFixed(2),
    r.copyGBs.toFixed(2),
    r.ratioAdd.toFixed(2),
    r.ratioCopy.toFixed(2),
    r.steppedRatioAdd.toFixed(2),
  ].join(' | ');
}

await main();
