// npm run bench:gpu [-- --json] [-- --quick] [-- --workgroup N | --workgroups]: the WebGPU engine against the card it runs on, in Node
// (the `webgpu` package, no browser). For ring, double-tree, halving-doubling and naive all-reduce on
// 8 devices × 16 MiB, 64 × 1 MiB and 1,024 × 256 KiB: a whole run (many steps a submission, as run,
// the app's End and the race do) and the same run a submission a step (as the app steps), each as GB/s
// of moved bytes and of memory traffic (a reduce reads two values and writes one, a copy reads one and
// writes one), beside a plain fused vec4 add and a buffer-to-buffer copy over as many bytes on the same
// adapter, interleaved, best of each. The ratios are what is promised: memory traffic ÷ the add's.
// A run that would move more than 2 GiB (naive on many devices) is measured at a smaller size, marked.
// Both the whole run and the add go in workgroups of the adapter's width (workgroup.ts), or of N;
// --workgroups measures every width instead, interleaved, for the choice workgroup.ts makes.

import { buildSchedule, type BuildRequest } from '../src/core/algorithms';
import { countTraffic } from '../src/core/model';
import type { Schedule } from '../src/core/schedule';
import { generateInputs } from '../src/engine/inputs';
import { ADD_TRAFFIC_PER_ELEMENT, ratioToAdd, timeAddVec4, timeCopy } from '../src/engine/webgpu/addKernel';
import { nodeGpu } from '../src/engine/webgpu/node';
import { WebGpuEngine } from '../src/engine/webgpu/webgpuEngine';
import { WORKGROUP_WIDTHS } from '../src/engine/webgpu/workgroup';

/** The flags this takes; any other is refused, so a typo never starts a long run. */
const FLAGS = ['--json', '--quick', '--workgroup', '--workgroups'];
const json = process.argv.includes('--json');
const quick = process.argv.includes('--quick');
const sweep = process.argv.includes('--workgroups');
const widthArg = process.argv.indexOf('--workgroup');
const askedWidth = widthArg < 0 ? undefined : Number(process.argv[widthArg + 1]);
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
  /** Invocations per workgroup of the whole run, and of the add. */
  workgroup: number;
  addWorkgroup: number;
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
  const fit = askedWidth === undefined ? undefined : { workgroup: askedWidth, addWorkgroup: askedWidth };
  const engine = await WebGpuEngine.create({ schedule, elements, op: 'sum', provider, fit });
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
      addMs = Math.min(addMs, await timeAddVec4(device, provider.shaders, moved / 4, 1, engine.memoryBytes, engine.fit.addWorkgroup));
      copyMs = Math.min(copyMs, await timeCopy(device, moved, 1, engine.memoryBytes));
    }
    const traffic = engine.trafficBytesPerRun;
    const addGBs = gbs((moved / 4) * ADD_TRAFFIC_PER_ELEMENT, addMs);
    const copyGBs = gbs(moved * 2, copyMs);
    return {
      adapter: engine.adapterName,
      workgroup: engine.fit.workgroup,
      addWorkgroup: engine.fit.addWorkgroup,
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
      ratioAdd: ratioToAdd({ trafficBytes: traffic, ms: wholeMs }, { movedBytes: moved, ms: addMs }),
      ratioCopy: gbs(traffic, wholeMs) / copyGBs,
      steppedRatioAdd: ratioToAdd({ trafficBytes: traffic, ms: steppedMs }, { movedBytes: moved, ms: addMs }),
    };
  } finally {
    engine.destroy();
  }
}

function size(bytes: number): string {
  return bytes >= MiB ? `${bytes / MiB} MiB` : `${bytes / 1024} KiB`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((_, i, all) => all[i - 1] !== '--workgroup');
  const unknown = args.find((arg) => !FLAGS.includes(arg));
  if (unknown !== undefined) {
    console.error(`gradsync bench:gpu: unknown option ${unknown}; it takes ${FLAGS.join(', ')} (--workgroup N)`);
    process.exitCode = 2;
    return;
  }
  if (sweep && askedWidth !== undefined) {
    console.error('gradsync bench:gpu: --workgroups measures every width; give it or --workgroup N, not both');
    process.exitCode = 2;
    return;
  }
  if (askedWidth !== undefined && !(WORKGROUP_WIDTHS as readonly number[]).includes(askedWidth)) {
    const given = process.argv[widthArg + 1];
    console.error(`gradsync bench:gpu: --workgroup takes ${WORKGROUP_WIDTHS.join(', ')}, ${given === undefined ? 'and was given none' : `not ${given}`}`);
    process.exitCode = 2;
    return;
  }
  let provider;
  try {
    provider = await nodeGpu();
  } catch (error) {
    console.error(`gradsync bench:gpu: no GPU to measure (${(error as Error).message})`);
    process.exitCode = 2;
    return;
  }
  if (sweep) return sweepWidths(provider);
  const rows: Row[] = [];
  let adapter = '';
  for (const [devices, bytes] of SIZES) {
    for (const algorithm of ALGORITHMS) {
      const row = await measure(provider, algorithm, devices, bytes);
      rows.push(row);
      if (!adapter) {
        adapter = row.adapter;
        if (!json)
          console.log(
            `gradsync bench:gpu on ${adapter}, the whole run in workgroups of ${row.workgroup} and the add of ${row.addWorkgroup}, ${new Date().toISOString().slice(0, 10)}\n`,
          );
        if (!json) console.log(HEADER.join(' | '));
      }
      if (!json) console.log(line(row));
    }
  }
  if (json) console.log(JSON.stringify({ adapter, date: new Date().toISOString(), rows: rows.map(({ adapter: _, ...row }) => row) }, null, 2));
  else
    console.log(
      [
        '',
        ...(rows.some((row) => row.askedBytes) ? ['* smaller than asked: at the size asked it would move more than 2 GiB a run.'] : []),
        'GB/s: moved = the transfers’ bytes; traffic = bytes read and written doing them (12 an element reduced, 8 copied), as the add (12) and the copy (8) are counted.',
        'whole = many steps a submission (run, End, the race); stepped = a submission a step (the app stepping).',
        '÷ add, ÷ copy = the engine’s traffic GB/s over the add’s, the copy’s: 1 moves memory as fast as they do; above 1, faster than the plain one-vec4-an-invocation add.',
        ...(quick ? [] : ['Targets: 1,024 × 256 KiB ring and halving-doubling ÷ add ≥ 0.5; ring 8 × 16 MiB ÷ add ≥ 0.8.']),
      ].join('\n'),
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

/**
 * Every width on one adapter: for each size's ring, double-tree and halving-doubling, an engine per
 * width, measured in turn (whole run, then the add at that width), best of each, so that the widths
 * meet the same machine.
 */
async function sweepWidths(provider: Awaited<ReturnType<typeof nodeGpu>>): Promise<void> {
  const rows: { algorithm: string; devices: number; bytesPerDevice: number; workgroup: number; wholeMs: number; addMs: number; ratioAdd: number }[] = [];
  let adapter = '';
  for (const [devices, bytesPerDevice] of SIZES) {
    for (const algorithm of ALGORITHMS.filter((name) => name !== 'naive')) {
      const schedule = buildSchedule({ algorithm, devices });
      const elements = bytesPerDevice / 4;
      const inputs = generateInputs(devices, elements, 'sum', 1);
      const engines = await Promise.all(
        WORKGROUP_WIDTHS.map((workgroup) => WebGpuEngine.create({ schedule, elements, op: 'sum', provider, fit: { workgroup, addWorkgroup: workgroup } })),
      );
      adapter ||= engines[0].adapterName;
      const best = engines.map(() => ({ wholeMs: Infinity, addMs: Infinity }));
      for (const engine of engines) {
        engine.load(inputs);
        await engine.timedRun();
      }
      for (let r = 0; r < 3; r++) {
        for (const [i, engine] of engines.entries()) {
          best[i].wholeMs = Math.min(best[i].wholeMs, (await engine.timedRun()).wallMs);
          const addMs = await timeAddVec4(engine.gpuDevice(), provider.shaders, engine.movedBytesPerRun / 4, 1, engine.memoryBytes, engine.fit.addWorkgroup);
          best[i].addMs = Math.min(best[i].addMs, addMs);
        }
      }
      for (const [i, engine] of engines.entries()) {
        const { wholeMs, addMs } = best[i];
        const ratioAdd = ratioToAdd({ trafficBytes: engine.trafficBytesPerRun, ms: wholeMs }, { movedBytes: engine.movedBytesPerRun, ms: addMs });
        rows.push({ algorithm, devices, bytesPerDevice, workgroup: engine.fit.workgroup, wholeMs, addMs, ratioAdd });
        engine.destroy();
      }
    }
  }
  if (json) {
    console.log(JSON.stringify({ adapter, date: new Date().toISOString(), widths: rows }, null, 2));
    return;
  }
  console.log(`gradsync bench:gpu --workgroups on ${adapter}, ${new Date().toISOString().slice(0, 10)}\n`);
  console.log(['all-reduce', 'devices × bytes', 'workgroup', 'whole ms', 'add ms (same width)', 'whole ÷ add'].join(' | '));
  for (const r of rows) {
    console.log(
      [r.algorithm, `${r.devices} × ${size(r.bytesPerDevice)}`, r.workgroup, r.wholeMs.toFixed(2), r.addMs.toFixed(2), r.ratioAdd.toFixed(2)].join(' | '),
    );
  }
}

await main();
