// Writes public/examples/nccl-2x8-h100.log, an example NCCL_DEBUG=INFO log (NCCL_DEBUG_SUBSYS=
// INIT,GRAPH,TUNING) of 16 ranks on two 8-GPU H100 hosts, in NCCL 2.26's formats, for the app's
// "What did NCCL build?" view to open. Its structure follows NCCL's rules: 8 rings, each entering a
// node at a GPU and leaving by its rail's NIC, duplicated to 16 channels; each channel's tree a chain
// inside each node along its ring's path, the nodes joined by NCCL's double binary tree (tree 0 in
// the first half of the channels, its mirror in the second). And nccl-topo-h100.xml, what
// NCCL_TOPO_DUMP_FILE writes for one such host: two CPUs, four PCIe switches each holding two GPUs
// and two NICs, every GPU's 18 NVLinks to the NVSwitches. Run: node scripts/exampleNcclLog.mjs

import { writeFileSync } from 'node:fs';

const HOSTS = ['dgx-h100-a07', 'dgx-h100-a08'];
const PER_NODE = 8;
const RANKS = HOSTS.length * PER_NODE;
const RINGS = 8;
const CHANNELS = 2 * RINGS;
const pad = (n) => String(n).padStart(2, '0');
const busId = (local) => ['18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'][local] + '000';

/** A ring's path inside a node: from the GPU of its rail, forwards on even rings, backwards on odd. */
function path(ring) {
  const entry = ring % PER_NODE;
  return Array.from({ length: PER_NODE }, (_, i) => (entry + (ring % 2 === 0 ? i : PER_NODE - i)) % PER_NODE);
}

/** Channel c's ring over all ranks, from rank 0 as NCCL prints it. */
function ringOrder(channel) {
  const local = path(channel % RINGS);
  const order = HOSTS.flatMap((_, node) => local.map((g) => node * PER_NODE + g));
  const start = order.indexOf(0);
  return [...order.slice(start), ...order.slice(0, start)];
}

/** Channel c's tree: each rank's parent and children. */
function tree(channel) {
  const local = path(channel % RINGS);
  const parent = new Array(RANKS).fill(-1);
  const rootNode = channel < RINGS ? 0 : 1;
  for (let node = 0; node < HOSTS.length; node++) {
    const ranks = local.map((g) => node * PER_NODE + g);
    ranks.forEach((rank, i) => (parent[rank] = i === 0 ? -1 : ranks[i - 1]));
    if (node !== rootNode) parent[ranks[0]] = (1 - node) * PER_NODE + local[0];
  }
  const children = parent.map((_, rank) => parent.flatMap((p, child) => (p === rank ? [child] : [])));
  return { parent, children };
}

const lines = [
  '# An example log, written from NCCL 2.26’s formats for gradsync: 2 hosts of 8 H100, 16 ranks.',
  '+ NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,GRAPH,TUNING torchrun --nnodes 2 --nproc-per-node 8 train.py',
];
const perRank = [];
for (let rank = 0; rank < RANKS; rank++) {
  const node = Math.floor(rank / PER_NODE);
  const local = rank % PER_NODE;
  const pid = 2184031 + 40 * node + local;
  const p = `${HOSTS[node]}:${pid}:${pid + 156} [${local}] NCCL INFO `;
  const comm = `0x55d3${(0x9a10000 + rank * 0x1340).toString(16)}`;
  const id = '0x6a3b0f9d41c2e857';
  const out = [];
  out.push(`${p}NCCL version 2.26.2+cuda12.8`);
  out.push(`${p}cudaDriverVersion 12080`);
  out.push(
    `${p}NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_3:1/IB [2]mlx5_4:1/IB [3]mlx5_5:1/IB [4]mlx5_6:1/IB [5]mlx5_9:1/IB [6]mlx5_10:1/IB [7]mlx5_11:1/IB ; OOB ibp26s0:10.6.${node}.${7 + node}<0>`,
  );
  out.push(
    `${p}ncclCommInitRankConfig comm ${comm} rank ${rank} nranks ${RANKS} cudaDev ${local} nvmlDev ${local} busId ${busId(local)} commId ${id} - Init START`,
  );
  out.push(`${p}NVLS multicast support is available on dev ${local} (NVLS_NCHANNELS 16)`);
  out.push(`${p}comm ${comm} rank ${rank} nRanks ${RANKS} nNodes ${HOSTS.length} localRanks ${PER_NODE} localRank ${local} MNNVL 0`);
  out.push(`${p}Pattern 4, crossNic 0, nChannels ${RINGS}, bw 40.000000/40.000000, type NVL/PIX, sameChannels 0`);
  out.push(`${p}Pattern 1, crossNic 0, nChannels ${RINGS}, bw 40.000000/40.000000, type NVL/PIX, sameChannels 0`);
  if (rank === 0) for (let c = 0; c < CHANNELS; c++) out.push(`${p}Channel ${pad(c)}/${pad(CHANNELS)} : ${ringOrder(c).join(' ')}`);
  for (let c = 0; c < CHANNELS; c++) {
    const order = ringOrder(c);
    const i = order.indexOf(rank);
    out.push(`${p}Ring ${pad(c)} : ${order[(i + RANKS - 1) % RANKS]} -> ${rank} -> ${order[(i + 1) % RANKS]}`);
  }
  const pieces = Array.from({ length: CHANNELS }, (_, c) => {
    const t = tree(c);
    const kids = [...t.children[rank], -1, -1, -1].slice(0, 3).join('/');
    return `[${c}] ${kids}->${rank}->${t.parent[rank]}`;
  });
  out.push(`${p}Trees ${pieces.join(' ')}`);
  out.push(`${p}P2P Chunksize set to 524288`);
  const sameNode = (a, b) => Math.floor(a / PER_NODE) === Math.floor(b / PER_NODE);
  const link = (c, from, to, side) =>
    sameNode(from, to)
      ? `${p}Channel ${pad(c)}/0 : ${from}[${from % PER_NODE}] -> ${to}[${to % PER_NODE}] via P2P/CUMEM/read`
      : `${p}Channel ${pad(c)}/0 : ${from}[${from % PER_NODE}] -> ${to}[${to % PER_NODE}] [${side}] via NET/IB/${c % RINGS}/GDRDMA`;
  for (let c = 0; c < CHANNELS; c++) {
    const order = ringOrder(c);
    const i = order.indexOf(rank);
    const prev = order[(i + RANKS - 1) % RANKS];
    if (!sameNode(prev, rank)) out.push(link(c, prev, rank, 'receive'));
    out.push(link(c, rank, order[(i + 1) % RANKS], 'send'));
  }
  out.push(`${p}Connected all rings, use ring PXN 0 GDR 1`);
  for (let c = 0; c < CHANNELS; c++) {
    const t = tree(c);
    for (const child of t.children[rank]) if (!sameNode(child, rank)) out.push(link(c, child, rank, 'receive'));
    if (t.parent[rank] >= 0) out.push(link(c, rank, t.parent[rank], 'send'));
  }
  out.push(`${p}Connected all trees`);
  out.push(`${p}threadThresholds 8/8/64 | 128/8/64 | 512 | 512`);
  out.push(`${p}${CHANNELS} coll channels, ${CHANNELS} collnet channels, 16 nvls channels, 32 p2p channels, 32 p2p channels per peer`);
  out.push(
    `${p}ncclCommInitRankConfig comm ${comm} rank ${rank} nranks ${RANKS} cudaDev ${local} nvmlDev ${local} busId ${busId(local)} commId ${id} localSize ${PER_NODE} - Init COMPLETE`,
  );
  perRank.push(out);
}
// Processes write at once: a line of each rank in turn, host by host.
for (let i = 0; perRank.some((out) => i < out.length); i++) for (const out of perRank) if (i < out.length) lines.push(out[i]);
// The tuner's choice for each call, on rank 0 and rank 8, after setup.
const CALLS = [
  [4096, 'TREE', 'LL', 0, 1],
  [65536, 'TREE', 'LL', 0, 7],
  [262144, 'RING', 'LL', 0, 15],
  [1048576, 'TREE', 'LL128', 0, 15],
  [16777216, 'NVLS_TREE', 'SIMPLE', 0, 15],
  [268435456, 'RING', 'SIMPLE', 0, 15],
];
for (const [bytes, algo, proto, lo, hi] of CALLS) {
  for (const rank of [0, 8]) {
    const node = Math.floor(rank / PER_NODE);
    const pid = 2184031 + 40 * node;
    lines.push(`${HOSTS[node]}:${pid}:${pid} [0] NCCL INFO AllReduce: ${bytes} Bytes -> Algo ${algo} proto ${proto} channel{Lo..Hi}={${lo}..${hi}}`);
  }
}
writeFileSync(new URL('../public/examples/nccl-2x8-h100.log', import.meta.url), lines.join('\n') + '\n');

const NICS = ['mlx5_0', 'mlx5_3', 'mlx5_4', 'mlx5_5', 'mlx5_6', 'mlx5_9', 'mlx5_10', 'mlx5_11'];
const topo = ['<system version="1">'];
for (let cpu = 0; cpu < 2; cpu++) {
  topo.push(
    `  <cpu numaid="${cpu}" affinity="${cpu === 0 ? '00000000,0000ffff,ffffffff' : 'ffffffff,ffff0000,00000000'}" arch="x86_64" vendor="GenuineIntel" familyid="6" modelid="143">`,
  );
  for (let sw = 0; sw < 2; sw++) {
    const first = cpu * 4 + sw * 2;
    const bus = (local) => busId(local).slice(0, 2);
    topo.push(
      `    <pci busid="0000:${(parseInt(bus(first), 16) - 3).toString(16).padStart(2, '0')}:00.0" class="0x060400" vendor="0x1000" device="0xc030" link_speed="32.0 GT/s PCIe" link_width="16">`,
    );
    for (const local of [first, first + 1]) {
      topo.push(`      <pci busid="0000:${bus(local)}:00.0" class="0x030200" vendor="0x10de" device="0x2330" link_speed="32.0 GT/s PCIe" link_width="16">`);
      topo.push(`        <gpu dev="${local}" sm="90" rank="${local}" gdr="1">`);
      topo.push('          <nvlink target="0000:00:00.0" count="18" tclass="0x068000"/>');
      topo.push('        </gpu>');
      topo.push('      </pci>');
      topo.push(
        `      <pci busid="0000:${(parseInt(bus(local), 16) - 1).toString(16).padStart(2, '0')}:00.0" class="0x020700" vendor="0x15b3" device="0x1021" link_speed="32.0 GT/s PCIe" link_width="16">`,
      );
      topo.push(`        <nic>`);
      topo.push(`          <net name="${NICS[local]}" dev="${local}" speed="400000" port="1" latency="0.000000" maxconn="131072" gdr="1" coll="0"/>`);
      topo.push('        </nic>');
      topo.push('      </pci>');
    }
    topo.push('    </pci>');
  }
  topo.push('  </cpu>');
}
topo.push('</system>');
writeFileSync(new URL('../public/examples/nccl-topo-h100.xml', import.meta.url), topo.join('\n') + '\n');
console.log(`wrote ${lines.length} lines of log and ${topo.length} of topology`);
