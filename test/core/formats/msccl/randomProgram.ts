// Random MSCCL programs for the import tests, each correct by construction: hundreds of them reach
// relays, forwards, waits through nops and in-place aliasing in combinations no hand-written test
// would think of, and the reference simulator holds the importer to each.

import type { MscclBuffer } from '../../../../src/core/formats/msccl/program';
import type { BufferName } from '../../../../src/core/schedule/ir';
import { slotLayout, slotOf } from '../../../../src/core/schedule/slots';
import { randomPicker } from './referenceSimulator';

/**
 * A random MSCCL program that cannot deadlock or race: it is written as one sequential trace (a
 * message's send and receive steps are added together, a forward chain hop by hop), so running
 * the steps in the order they were added is an execution; and every two accesses of one place by
 * different threadblocks of a GPU are ordered by a wait (through nops when there are several), as
 * msccl-tools orders them, with hasdep set on the step waited for.
 */
export function randomProgram(seed: number): string {
  const rand = randomPicker(seed);
  const n = 2 + rand(3);
  const coll = (['allreduce', 'allgather', 'reducescatter'] as const)[rand(3)];
  const collective = coll === 'reducescatter' ? 'reduce-scatter' : coll;
  const chunks = n * (1 + rand(2));
  const part = chunks / n;
  const inplace = rand(2);
  const cnt = part === 2 && rand(2) === 0 ? 2 : 1;
  const sChunks = Array.from({ length: n }, () => rand(4));
  const layout = slotLayout({ format: 'gradsync-schedule/2', collective, devices: n, chunks, inPlace: inplace === 1, scratch: Math.max(...sChunks) });
  const sizes = { i: coll === 'allgather' ? part : chunks, o: coll === 'reducescatter' ? part : chunks };
  const NAMES: Record<MscclBuffer, BufferName> = { i: 'input', o: 'output', s: 'scratch' };

  interface GenStep {
    type: string;
    src: [MscclBuffer, number];
    dst: [MscclBuffer, number];
    cnt: number;
    depid: number;
    deps: number;
    hasdep: number;
  }
  interface GenTb {
    send: number;
    recv: number;
    chan: number;
    steps: GenStep[];
  }
  // Per GPU: threadblock 0 for local work, then per channel one per peer received from, each
  // sending to a peer of a random permutation (so a GPU has one threadblock per peer, channel and direction).
  const tbs: GenTb[][] = Array.from({ length: n }, (_, g) => {
    const list: GenTb[] = [{ send: -1, recv: -1, chan: 0, steps: [] }];
    const peers = Array.from({ length: n }, (_, p) => p).filter((p) => p !== g);
    for (let chan = 0; chan < 2; chan++) {
      const to = [...peers];
      for (let k = to.length - 1; k > 0; k--) {
        const j = rand(k + 1);
        [to[k], to[j]] = [to[j], to[k]];
      }
      peers.forEach((p, k) => list.push({ send: to[k], recv: p, chan, steps: [] }));
    }
    return list;
  });
  const tbOf = (g: number, match: (tb: GenTb) => boolean): number => tbs[g].findIndex(match);
  const access = Array.from({ length: n }, () => new Map<number, { writer?: [number, number]; readers: [number, number][] }>());
  const slotsOf = (g: number, [buffer, off]: [MscclBuffer, number], count: number): number[] =>
    Array.from({ length: count }, (_, k) => slotOf(layout, g, NAMES[buffer], off + k));
  const place = (g: number, count: number): [MscclBuffer, number] => {
    const buffers = (['i', 'o', 's'] as const).filter((b) => (b === 's' ? sChunks[g] : sizes[b]) >= Math.max(count, 1));
    const buffer = buffers[rand(buffers.length)];
    const size = buffer === 's' ? sChunks[g] : sizes[buffer];
    return [buffer, rand(size - Math.max(count, 1) + 1)];
  };
  /** Adds a step to GPU g's threadblock t, after waits for every other threadblock's conflicting access. */
  const add = (
    g: number,
    t: number,
    type: string,
    src: [MscclBuffer, number],
    dst: [MscclBuffer, number],
    count: number,
    reads: number[],
    writes: number[],
  ): void => {
    const waits = new Map<number, number>();
    const wait = (at: [number, number] | undefined): void => {
      if (at && at[0] !== t) waits.set(at[0], Math.max(waits.get(at[0]) ?? -1, at[1]));
    };
    for (const slot of reads) wait(access[g].get(slot)?.writer);
    for (const slot of writes) {
      wait(access[g].get(slot)?.writer);
      for (const reader of access[g].get(slot)?.readers ?? []) wait(reader);
    }
    const steps = tbs[g][t].steps;
    const list = [...waits];
    list.forEach(([tb, step], k) => {
      tbs[g][tb].steps[step].hasdep = 1;
      if (k < list.length - 1) steps.push({ type: 'nop', src: ['i', -1], dst: ['o', -1], cnt: 0, depid: tb, deps: step, hasdep: 0 });
    });
    const [depid, deps] = list.length > 0 ? list[list.length - 1] : [-1, -1];
    const index = steps.length;
    steps.push({ type, src, dst, cnt: count, depid, deps, hasdep: 0 });
    for (const slot of reads) {
      const entry = access[g].get(slot) ?? { readers: [] };
      entry.readers.push([t, index]);
      access[g].set(slot, entry);
    }
    for (const slot of writes) access[g].set(slot, { writer: [t, index], readers: [] });
  };

  const actions = 5 + rand(20);
  for (let a = 0; a < actions; a++) {
    if (rand(3) === 0) {
      // A local copy or reduce between two places that do not overlap.
      const g = rand(n);
      const src = place(g, cnt);
      const dst = place(g, cnt);
      const reads = slotsOf(g, src, cnt);
      const writes = slotsOf(g, dst, cnt);
      if (reads.some((slot) => writes.includes(slot))) continue;
      const type = rand(2) === 0 ? 'cpy' : 're';
      add(g, rand(tbs[g].length), type, src, dst, cnt, type === 're' ? [...reads, ...writes] : reads, writes);
      continue;
    }
    // A message, perhaps forwarded along a chain; cnt 0 now and then.
    const count = rand(8) === 0 ? 0 : cnt;
    let from = rand(n);
    let to = (from + 1 + rand(n - 1)) % n;
    const chan = rand(2);
    const src = count === 0 ? (['i', 0] as [MscclBuffer, number]) : place(from, count);
    add(
      from,
      tbOf(from, (tb) => tb.send === to && tb.chan === chan),
      's',
      src,
      src,
      count,
      count ? slotsOf(from, src, count) : [],
      [],
    );
    for (let hop = 0; ; hop++) {
      const t = tbOf(to, (tb) => tb.recv === from && tb.chan === chan);
      const choices = hop < 3 ? ['r', 'rrc', 'rcs', 'rrs', 'rrcs'] : ['r', 'rrc'];
      const type = choices[rand(choices.length)];
      const own = count === 0 ? (['i', 0] as [MscclBuffer, number]) : rand(3) === 0 && type !== 'rrs' ? null : place(to, count);
      const dst = count === 0 ? (['i', 0] as [MscclBuffer, number]) : place(to, count);
      const srcPlace = own ?? dst;
      const reads = count && type !== 'r' && type !== 'rcs' ? slotsOf(to, srcPlace, count) : [];
      const writes = count && type !== 'rrs' ? slotsOf(to, dst, count) : [];
      add(to, t, type, srcPlace, dst, count, reads, writes);
      if (type === 'r' || type === 'rrc') break;
      [from, to] = [to, tbs[to][t].send];
    }
  }

  const lines = [
    `<algo name="random${seed}" proto="Simple" nchannels="2" nchunksperloop="${chunks}" ngpus="${n}" coll="${coll}" inplace="${inplace}" outofplace="${1 - inplace}" minBytes="0" maxBytes="0">`,
  ];
  tbs.forEach((list, g) => {
    lines.push(`  <gpu id="${g}" i_chunks="${sizes.i}" o_chunks="${sizes.o}" s_chunks="${sChunks[g]}">`);
    list.forEach((tb, t) => {
      lines.push(`    <tb id="${t}" send="${tb.send}" recv="${tb.recv}" chan="${tb.chan}">`);
      tb.steps.forEach((x, s) =>
        lines.push(
          `      <step s="${s}" type="${x.type}" srcbuf="${x.src[0]}" srcoff="${x.src[1]}" dstbuf="${x.dst[0]}" dstoff="${x.dst[1]}" cnt="${x.cnt}" depid="${x.depid}" deps="${x.deps}" hasdep="${x.hasdep}"/>`,
        ),
      );
      lines.push('    </tb>');
    });
    lines.push('  </gpu>');
  });
  lines.push('</algo>');
  return lines.join('\n');
}
