// nccl-tests logs as they are pasted in the wild: real runs (test/fixtures/nccl-tests/README.md),
// the same runs under launcher tags and CRLF, every column variant, and logs that cannot be read.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GradsyncError } from '../../../src/core/errors';
import { parseNcclTestsLog, type NcclTestsLog } from '../../../src/core/ncclTests/parseLog';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/nccl-tests/${name}`, import.meta.url), 'utf8');

/** The message of the bad-input error `text` raises. */
function refusal(text: string): string {
  try {
    parseNcclTestsLog(text);
  } catch (error) {
    expect(error).toBeInstanceOf(GradsyncError);
    expect((error as GradsyncError).code).toBe('bad-input');
    return (error as GradsyncError).message;
  }
  throw new Error('the log was read');
}

const H100 = 'NVIDIA H100 80GB HBM3';

describe('parseNcclTestsLog on real runs', () => {
  it.each([
    ['h100-2node-ib.txt', 'all_reduce', 'columns', 16, 8, 2, H100, 32, 139.56],
    ['h100-2node-ib-degraded.txt', 'all_reduce', 'columns', 16, 8, 2, H100, 32, 33.4128],
    ['h100-2node-tcpxo.txt', 'all_reduce', 'name', 16, 8, 2, H100, 31, 70.742],
    ['h100-2node-srun.txt', 'all_reduce', 'columns', 16, 8, 2, H100, 11, 142.735],
    ['h100-1node.txt', 'all_reduce', 'columns', 8, 8, 1, H100, 6, 439.369],
  ])('%s: %s (named by %s) on %i devices, %i per node on %i nodes', (file, collective, from, devices, perNode, nodes, gpu, rows, avg) => {
    const log = parseNcclTestsLog(fixture(file));
    expect(log).toMatchObject({ collective, collectiveFrom: from, devices, devicesFrom: 'device list', devicesPerNode: perNode, nodes, gpuNames: [gpu] });
    expect(log.rows).toHaveLength(rows);
    expect(log.avgBusBwGBs).toBe(avg);
    expect(log.rows.map((r) => r.bytes)).toEqual([...log.rows.map((r) => r.bytes)].sort((a, b) => a - b));
  });

  it('reads every field of a row, both placements', () => {
    const log = parseNcclTestsLog(fixture('h100-2node-ib.txt'));
    expect(log.rows[0]).toEqual({
      line: 37,
      bytes: 8,
      count: 2,
      type: 'float',
      redop: 'sum',
      root: -1,
      outOfPlace: { timeUs: 68.52, algbwGBs: 0, busbwGBs: 0, wrong: 0 },
      inPlace: { timeUs: 24.7, algbwGBs: 0, busbwGBs: 0, wrong: 0 },
    });
    expect(log.rows[31]).toMatchObject({ line: 68, bytes: 17179869184, count: 4294967296, outOfPlace: { timeUs: 68652, algbwGBs: 250.24, busbwGBs: 469.21 } });
    expect(log.wrongColumn).toBe('#wrong');
  });

  it('reads N/A in #wrong as unchecked', () => {
    const log = parseNcclTestsLog(fixture('h100-2node-srun.txt'));
    expect(log.rows.every((r) => r.outOfPlace.wrong === null && r.inPlace?.wrong === null)).toBe(true);
    const sendrecv = parseNcclTestsLog(fixture('a100-sendrecv-no-devices.txt'));
    expect(sendrecv.rows[0].outOfPlace.wrong).toBe(0);
    expect(sendrecv.rows[0].inPlace?.wrong).toBeNull();
  });

  it('names the collective from a command line and leaves the devices unknown where nothing tells them', () => {
    const log = parseNcclTestsLog(fixture('a100-sendrecv-no-devices.txt'));
    expect(log).toMatchObject({ collective: 'sendrecv', collectiveFrom: 'name', devices: null, devicesFrom: null, nodes: null, avgBusBwGBs: null });
    expect(log.rows).toHaveLength(4);
  });
});

describe('parseNcclTestsLog under launchers', () => {
  const plain = parseNcclTestsLog(fixture('h100-2node-ib-degraded.txt'));
  const same = (log: NcclTestsLog) => expect(log).toEqual(plain);
  const tagged = (tag: string) =>
    fixture('h100-2node-ib-degraded.txt')
      .split('\n')
      .map((line) => tag + line)
      .join('\n');

  it.each([
    '[1,0]<stdout>:',
    '[1,0]<stdout>: ',
    ' 0: ',
    '15: ',
    '[0] ',
    '[gpu-node-07:41022] ',
    '[default0]:',
    'gpu-node-07: ',
    '2024-05-01T12:00:00.123456789Z ',
  ])('reads every line under the tag %j as without it', (tag) => same(parseNcclTestsLog(tagged(tag))));

  it('reads a timestamp and a rank label on the same line', () => same(parseNcclTestsLog(tagged('2024-05-01T12:00:00Z [1,0]<stdout>:'))));

  it('reads a row whose pieces were each tagged (MPICH -prepend-rank tags every write)', () => {
    const text = fixture('h100-2node-ib-degraded.txt')
      .split('\n')
      .map((line) => (/^\s+\d/.test(line) ? `[0] ${line.slice(0, 62)}[0] ${line.slice(62, 94)}[0] ${line.slice(94)}` : line))
      .join('\n');
    same(parseNcclTestsLog(text));
  });

  it('reads CRLF and CR line ends', () => {
    same(parseNcclTestsLog(fixture('h100-2node-ib-degraded.txt').replaceAll('\n', '\r\n')));
    same(parseNcclTestsLog(fixture('h100-2node-ib-degraded.txt').replaceAll('\n', '\r')));
  });

  it('passes over what launchers and NCCL print around the table', () => {
    const log = parseNcclTestsLog(fixture('h100-2node-ib.txt'));
    expect(log.devices).toBe(16);
    const junk = [
      'h100-4:739790:739878 [4] NCCL INFO NET/IB : Using [0]mlx5_1:1/IB/SHARP [RO]; OOB ens7:172.27.32.104<0>',
      '8 more processes have sent help message help-mtl-ofi.txt / OFI call fail',
      "HCA-128: Test NCCL failure common.cu:1204 'unhandled cuda error'",
      'user@host:~/nccl-tests$ ',
    ];
    const lines = fixture('h100-2node-ib-degraded.txt').split('\n');
    lines.splice(40, 2, junk[0], junk[1]);
    const read = parseNcclTestsLog([...lines, ...junk].join('\n'));
    // Lines 41 and 42 held the rows of 512 KiB and 1 MiB.
    expect(read.rows.map((r) => r.bytes)).toEqual(plain.rows.map((r) => r.bytes).filter((bytes) => bytes !== 524288 && bytes !== 1048576));
    expect(read.rows[16]).toEqual(plain.rows[18]);
    expect(read.avgBusBwGBs).toBe(plain.avgBusBwGBs);
  });
});

describe('parseNcclTestsLog on every column variant', () => {
  it('reads a root column and redop none (broadcast)', () => {
    const log = parseNcclTestsLog(fixture('broadcast-root-openmpi-tags.txt'));
    expect(log).toMatchObject({
      collective: 'broadcast',
      collectiveFrom: 'name',
      devices: 4,
      devicesPerNode: 4,
      nodes: 1,
      gpuNames: ['NVIDIA A100-SXM4-80GB'],
    });
    expect(log.rows.map((r) => [r.bytes, r.redop, r.root, r.outOfPlace.timeUs, r.inPlace?.timeUs])).toEqual([
      [1024, 'none', 0, 14.21, 13.98],
      [16384, 'none', 0, 15.02, 14.87],
      [262144, 'none', 0, 21.4, 21.12],
      [4194304, 'none', 0, 58.61, 58.02],
      [67108864, 'none', 0, 568.3, 566.9],
      [1073741824, 'none', 0, 8712.5, 8709.8],
    ]);
  });

  it('reads the old table: no root column, the largest error instead of #wrong, device lines without Group', () => {
    const log = parseNcclTestsLog(fixture('reduce-scatter-old-error-column.txt'));
    expect(log).toMatchObject({ collective: 'reduce_scatter', devices: 4, devicesPerNode: 4, wrongColumn: 'error', gpuNames: ['Tesla V100-SXM2-32GB'] });
    expect(log.rows[2]).toMatchObject({ bytes: 1048576, count: 65536, root: null, outOfPlace: { timeUs: 52.66, wrong: 2e-7 }, inPlace: { busbwGBs: 15.09 } });
  });

  it('reads out-of-place columns alone, without #wrong, from devices without a host', () => {
    const log = parseNcclTestsLog(fixture('all-gather-out-of-place-only.txt'));
    expect(log).toMatchObject({ collective: 'all_gather', devices: 8, devicesPerNode: null, nodes: null, gpuNames: ['NVIDIA B200'], wrongColumn: null });
    expect(log.rows.map((r) => r.inPlace)).toEqual([null, null, null, null]);
    expect(log.rows[3].outOfPlace).toEqual({ timeUs: 946.7, algbwGBs: 567.1, busbwGBs: 496.21, wrong: null });
  });

  it('reads per-iteration columns (-I) and a timestamp (-S) by the header', () => {
    const text = [
      '# Collective test starting: all_reduce_perf',
      '#       size         count      type   redop    root     time   algbw   busbw #wrong    i_min    i_max    i_p99    i_cv%     time   algbw   busbw #wrong    i_min    i_max    i_p99    i_cv%  timestamp',
      '     1048576        262144     float     sum      -1    40.12   26.14   45.74      0    39.80    41.20    41.10     0.81    40.02   26.20   45.85      0    39.70    41.00    40.90     0.77  2025-06-01 10:12:33',
    ].join('\n');
    const [row] = parseNcclTestsLog(text).rows;
    expect(row.outOfPlace).toEqual({ timeUs: 40.12, algbwGBs: 26.14, busbwGBs: 45.74, wrong: 0 });
    expect(row.inPlace).toEqual({ timeUs: 40.02, algbwGBs: 26.2, busbwGBs: 45.85, wrong: 0 });
  });

  it('tells the collective and the devices from the columns where the log names neither', () => {
    const rows = fixture('h100-2node-ib.txt')
      .split('\n')
      .filter((line) => /^\s+\d/.test(line));
    const log = parseNcclTestsLog(rows.join('\n'));
    expect(log).toMatchObject({ collective: 'all_reduce', collectiveFrom: 'columns', devices: 16, devicesFrom: 'columns', nodes: null });
    const gather = parseNcclTestsLog(
      fixture('all-gather-out-of-place-only.txt')
        .replace(/^# Collective test starting.*$/m, '')
        .replace(/^# {2}Rank.*$/gm, ''),
    );
    expect(gather).toMatchObject({ collective: 'all_gather', collectiveFrom: 'columns', devices: 8, devicesFrom: 'columns' });
  });

  it('reads a table whose comment marks were lost (pasted as markdown)', () => {
    const log = parseNcclTestsLog(fixture('h100-1node.txt').replaceAll(/^#+ ?/gm, ''));
    expect(log).toMatchObject({ devices: 8, nodes: 1, avgBusBwGBs: 439.369 });
    expect(log.rows).toHaveLength(6);
  });
});

describe('parseNcclTestsLog refuses what it cannot read, naming the line', () => {
  it('a row cut off', () => {
    expect(refusal(fixture('all-reduce-truncated.txt'))).toBe('line 15: the row ends after 10 of its 13 columns (a cut or interleaved line?)');
  });

  it('a garbled number', () => {
    expect(refusal(fixture('all-reduce-garbled.txt'))).toBe("line 14: algbw '2.6?' is not a number of GB/s");
    const lines = fixture('h100-1node.txt').split('\n');
    lines[16] = lines[16].replace('268435456', '2684x5456');
    expect(refusal(lines.join('\n'))).toMatch(/^line 17: /);
    lines[16] = lines[16].replace('2684x5456      67108864     float', '268435456      67108864     fl0at!');
    expect(refusal(lines.join('\n'))).toBe("line 17: type 'fl0at!' is not a data type");
  });

  it('a row with more columns than its table', () => {
    const lines = fixture('h100-1node.txt').split('\n');
    lines[15] += '      0';
    expect(refusal(lines.join('\n'))).toBe('line 16: the row has 14 columns where the header names 13');
  });

  it('a log without rows, or no log at all', () => {
    expect(refusal('')).toMatch(/^line 1: no result rows/);
    expect(refusal(fixture('h100-1node.txt').split('\n').slice(0, 14).join('\n'))).toMatch(/^line 14: no result rows up to the end of the log/);
    expect(refusal('# Avg bus bandwidth    : 0\nmake: Nothing to be done for all.\n')).toMatch(/^line 3: no result rows/);
  });

  it('a second table in one log', () => {
    const twice = `${fixture('h100-1node.txt')}${fixture('h100-1node.txt')}`;
    expect(refusal(twice)).toBe('line 28: a device list after result rows: a second test in one log; give one test per log');
    const tables = fixture('h100-1node.txt').replace('# Out of bounds', `${fixture('h100-1node.txt').split('\n').slice(12, 15).join('\n')}\n# Out of bounds`);
    expect(refusal(tables)).toBe('line 23: a second table starts here; give one table per log');
  });

  it('a device list the table contradicts', () => {
    const lines = fixture('h100-1node.txt').split('\n');
    const fewer = lines.filter((line) => !/Rank +[4-7] /.test(line));
    expect(refusal(fewer.join('\n'))).toBe(
      'line 17: busbw / algbw = 1.7500, where all_reduce on the 4 devices of the list (line 4) has 1.5000: the device list or the test is not the one the table measured',
    );
  });
});
