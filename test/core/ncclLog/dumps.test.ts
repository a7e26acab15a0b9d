import { describe, expect, it } from 'vitest';
import { looksLikeNcclDump, parseNcclDump } from '../../../src/core/ncclLog';

/** A <channel> of a graph dump: the GPUs (dev, or dev and rank) between NIC 0 on either side. */
const channel = (gpus: string[]) =>
  `    <channel>\n      <net dev="0"/>\n${gpus.map((gpu) => `      <gpu ${gpu}/>\n`).join('')}      <net dev="0"/>\n    </channel>\n`;
const graph = (id: number, pattern: number, channels: string[]) =>
  `  <graph id="${id}" pattern="${pattern}" crossnic="0" nchannels="${channels.length}" speedintra="40" speedinter="12" latencyinter="0" typeintra="NVL" typeinter="PIX" samechannels="1">\n${channels.join('')}  </graph>\n`;

/** An NCCL_GRAPH_DUMP_FILE of one node of 4 GPUs leaving by NIC 0, as 2.12 to 2.20 write it (graph ids: 0 ring, 1 tree). */
const GRAPHS = `<graphs version="1">\n${graph(0, 4, [
  channel(['dev="0"', 'dev="1"', 'dev="2"', 'dev="3"']),
  channel(['dev="0"', 'dev="3"', 'dev="2"', 'dev="1"']),
])}${graph(1, 1, [channel(['dev="0" rank="0"', 'dev="1" rank="1"'])])}</graphs>\n`;

/** An NCCL_TOPO_DUMP_FILE: a CPU, a PCI switch with two GPUs linked by NVLink and a NIC. */
const SYSTEM = `<system version="1">
  <cpu numaid="0" affinity="0000ffff" arch="x86_64" vendor="GenuineIntel" familyid="6" modelid="143">
    <pci busid="0000:17:00.0" class="0x060400" vendor="0x10b5" device="0xc010" subsystem_vendor="0x10b5" subsystem_device="0xa864" link_speed="32.0 GT/s PCIe" link_width="16">
      <pci busid="0000:1b:00.0" class="0x030200" vendor="0x10de" device="0x2330" subsystem_vendor="0x10de" subsystem_device="0x16c1" link_speed="32.0 GT/s PCIe" link_width="16">
        <gpu dev="0" sm="90" rank="0" gdr="1">
          <nvlink target="0000:1c:00.0" count="18" tclass="0x030200"/>
        </gpu>
      </pci>
      <pci busid="0000:1c:00.0" class="0x030200" vendor="0x10de" device="0x2330" subsystem_vendor="0x10de" subsystem_device="0x16c1" link_speed="32.0 GT/s PCIe" link_width="16">
        <gpu dev="1" sm="90" rank="1" gdr="1">
          <nvlink target="0000:1b:00.0" count="18" tclass="0x030200"/>
        </gpu>
      </pci>
      <pci busid="0000:19:00.0" class="0x020700" vendor="0x15b3" device="0x1021" subsystem_vendor="0x15b3" subsystem_device="0x0023" link_speed="32.0 GT/s PCIe" link_width="16">
        <nic>
          <net name="mlx5_0" dev="0" speed="400000" port="1" latency="0" guid="0x1a2b3c" maxconn="131072" gdr="1"/>
        </nic>
      </pci>
    </pci>
  </cpu>
</system>
`;

describe("NCCL's XML dumps", () => {
  it('tells a dump from a log by its first element', () => {
    expect(looksLikeNcclDump(GRAPHS)).toBe(true);
    expect(looksLikeNcclDump(`<?xml version="1.0"?>\n${SYSTEM}`)).toBe(true);
    expect(looksLikeNcclDump('host:1:1 [0] NCCL INFO Trees [0] -1/-1/-1->0->-1')).toBe(false);
  });

  it('reads each graph’s channels: the GPUs in order between the NICs they leave and enter by, ranks where written', () => {
    const dump = parseNcclDump(GRAPHS);
    expect(dump.kind).toBe('graphs');
    if (dump.kind !== 'graphs') return;
    expect(dump.graphs.map((g) => [g.kind, g.pattern, g.channels.length, g.bwIntra, g.typeInter])).toEqual([
      ['ring', 4, 2, 40, 'PIX'],
      ['tree', 1, 1, 40, 'PIX'],
    ]);
    expect(dump.graphs[0].channels[1]).toEqual({ gpus: ['0', '3', '2', '1'], ranks: null, nets: ['0', '0'] });
    expect(dump.graphs[1].channels[0].ranks).toEqual([0, 1]);
  });

  it('reads the machine: GPUs under their PCI switch with their NVLinks, and the NICs', () => {
    const dump = parseNcclDump(SYSTEM);
    if (dump.kind !== 'topology') throw new Error('expected a topology');
    const { topology } = dump;
    expect(topology.cpus).toEqual([{ numaId: '0', arch: 'x86_64', vendor: 'GenuineIntel' }]);
    expect(topology.gpus).toEqual([
      { rank: 0, dev: 0, sm: 90, busId: '0000:1b:00.0', nvlinks: [{ target: '0000:1c:00.0', count: 18, targetClass: '0x030200' }] },
      { rank: 1, dev: 1, sm: 90, busId: '0000:1c:00.0', nvlinks: [{ target: '0000:1b:00.0', count: 18, targetClass: '0x030200' }] },
    ]);
    expect(topology.nics).toEqual([{ name: 'mlx5_0', dev: 0, speedMbps: 400000, busId: '0000:19:00.0', gdr: true }]);
    expect(topology.pci.find((p) => p.busId === '0000:1b:00.0')?.parent).toBe('0000:17:00.0');
  });

  it('refuses other XML, and broken XML, in one line naming the line', () => {
    expect(() => parseNcclDump('<algo name="x"/>')).toThrow(/^line 1: <algo> is not an NCCL dump/);
    expect(() => parseNcclDump('<graphs version="1">\n  <graph id="0">\n</graphs>')).toThrow(/^line \d+: /);
  });
});
