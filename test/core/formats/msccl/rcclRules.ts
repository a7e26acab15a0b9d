// The rules of RCCL's MSCCL parser and executor (docs/msccl-xml.md) that an exported program must
// keep, checked apart from the exporter: limits on channels, threadblocks, steps and counts, peers
// and buffers in bounds, dependencies on steps that signal, `re` chains that RCCL would fuse, and
// every send paired with a receive of the same count.

import type { XmlAlgo, XmlGpu } from './strictReader';

const COLLS = ['allreduce', 'allgather', 'reducescatter', 'broadcast', 'reduce'];
const TYPES = new Set(['s', 'r', 'cpy', 're', 'nop']);
const BUFS = new Set(['i', 'o', 's']);

function sizeOf(gpu: XmlGpu, buf: string): number {
  return buf === 'i' ? gpu.i_chunks : buf === 'o' ? gpu.o_chunks : gpu.s_chunks;
}

/** Every rule of RCCL's parser and executor the exporter promises (docs/msccl-xml.md §0-§5), as a list of faults. */
export function mscclFaults(algo: XmlAlgo, maxSteps = 64): string[] {
  const faults: string[] = [];
  const fault = (message: string) => {
    if (faults.length < 20) faults.push(message);
  };
  const n = algo.ngpus;
  const chunks = algo.nchunksperloop;
  if (algo.proto !== 'Simple') fault(`proto ${algo.proto}`);
  if (!COLLS.includes(algo.coll)) fault(`coll ${algo.coll}`);
  if (!((algo.inplace === 1 && algo.outofplace === 0) || (algo.inplace === 0 && algo.outofplace === 1))) fault('inplace/outofplace');
  if (algo.minBytes !== 0 || algo.maxBytes !== 0) fault('minBytes/maxBytes');
  if (chunks < 1) fault('nchunksperloop');
  if (algo.gpus.length !== n) fault(`${algo.gpus.length} gpus for ngpus ${n}`);
  if (algo.nchannels < 1 || algo.nchannels > 128) fault(`nchannels ${algo.nchannels}`);
  const input = algo.coll === 'allgather' ? chunks / n : chunks;
  const output = algo.coll === 'reducescatter' ? chunks / n : chunks;
  const bigBuffer = algo.coll === 'allgather' ? 'o' : 'i';
  let maxChan = 0;
  algo.gpus.forEach((gpu, g) => {
    const at = `gpu ${g}`;
    if (gpu.id !== g) fault(`${at}: id ${gpu.id}`);
    if (gpu.i_chunks !== input || gpu.o_chunks !== output) fault(`${at}: i_chunks ${gpu.i_chunks}, o_chunks ${gpu.o_chunks}`);
    if (gpu.s_chunks < 0) fault(`${at}: s_chunks ${gpu.s_chunks}`);
    if (gpu.tbs.length < 1 || gpu.tbs.length > 64) fault(`${at}: ${gpu.tbs.length} threadblocks`);
    const senders = new Map<number, number>();
    const receivers = new Map<number, number>();
    const sendKeys = new Set<string>();
    const recvKeys = new Set<string>();
    let nodes = 1 + n + gpu.tbs.length;
    const depended = new Set<string>();
    gpu.tbs.forEach((tb, t) => {
      const tat = `${at} tb ${t}`;
      if (tb.id !== t) fault(`${tat}: id ${tb.id}`);
      for (const peer of [tb.send, tb.recv]) if (peer < -1 || peer >= n || peer === g) fault(`${tat}: peer ${peer}`);
      if (tb.chan < 0 || tb.chan >= algo.nchannels) fault(`${tat}: chan ${tb.chan} of ${algo.nchannels}`);
      maxChan = Math.max(maxChan, tb.chan);
      if (tb.send >= 0) {
        senders.set(tb.chan, (senders.get(tb.chan) ?? 0) + 1);
        const key = `${tb.chan}/${tb.send}`;
        if (sendKeys.has(key)) fault(`${tat}: second threadblock sending to ${tb.send} on channel ${tb.chan}`);
        sendKeys.add(key);
      }
      if (tb.recv >= 0) {
        receivers.set(tb.chan, (receivers.get(tb.chan) ?? 0) + 1);
        const key = `${tb.chan}/${tb.recv}`;
        if (recvKeys.has(key)) fault(`${tat}: second threadblock receiving from ${tb.recv} on channel ${tb.chan}`);
        recvKeys.add(key);
      }
      if (tb.steps.length > maxSteps) fault(`${tat}: ${tb.steps.length} steps`);
      nodes += tb.steps.length;
      // RCCL's chain of `re` merging (parser): a continuation must have the head's cnt.
      let chain: { dstbuf: string; dstoff: number; srcbuf: string; cnt: number } | null = null;
      let reductions = 0;
      tb.steps.forEach((step, i) => {
        const sat = `${tat} step ${i}`;
        if (step.s !== i) fault(`${sat}: s ${step.s}`);
        if (!TYPES.has(step.type)) fault(`${sat}: type ${step.type}`);
        if (!BUFS.has(step.srcbuf) || !BUFS.has(step.dstbuf)) fault(`${sat}: buffers ${step.srcbuf}/${step.dstbuf}`);
        if (step.hasdep !== 0 && step.hasdep !== 1) fault(`${sat}: hasdep ${step.hasdep}`);
        if (step.depid < -1 || step.depid >= gpu.tbs.length || step.depid === t) fault(`${sat}: depid ${step.depid}`);
        if (step.depid === -1 && step.deps !== -1) fault(`${sat}: deps without depid`);
        if (step.depid >= 0) {
          const target = gpu.tbs[step.depid]?.steps[step.deps];
          if (!target) fault(`${sat}: depends on a missing step ${step.depid}/${step.deps}`);
          else if (target.type === 'nop') fault(`${sat}: depends on a nop`);
          else if (target.hasdep !== 1) fault(`${sat}: depends on ${step.depid}/${step.deps} without hasdep`);
          depended.add(`${step.depid}/${step.deps}`);
        }
        if (step.type === 'nop') {
          if (step.depid < 0) fault(`${sat}: nop without a dependency`);
          if (step.hasdep !== 0) fault(`${sat}: nop with hasdep`);
          const next = tb.steps[i + 1];
          if (!next) fault(`${sat}: threadblock ends with a nop`);
          else if (next.type !== 'nop' && next.depid < 0) fault(`${sat}: nops not followed by a step with depid`);
          return;
        }
        if (step.cnt < 1 || step.cnt > 71) fault(`${sat}: cnt ${step.cnt}`);
        if (step.type === 's' && tb.send < 0) fault(`${sat}: send without a send peer`);
        if (step.type === 'r' && tb.recv < 0) fault(`${sat}: receive without a recv peer`);
        const inBounds = (owner: XmlGpu | undefined, buf: string, off: number, what: string) => {
          if (!owner) return;
          if (off < 0 || off + step.cnt > sizeOf(owner, buf))
            fault(`${sat}: ${what} ${buf}[${off}..+${step.cnt}) outside gpu ${owner.id}'s ${sizeOf(owner, buf)}`);
          if (algo.inplace && buf !== 's' && buf !== bigBuffer) fault(`${sat}: in place, ${what} names ${buf}`);
        };
        const local = step.type === 's' || step.type === 'cpy' || step.type === 're';
        inBounds(local ? gpu : algo.gpus[tb.recv], step.srcbuf, step.srcoff, 'source');
        inBounds(step.type === 's' ? algo.gpus[tb.send] : gpu, step.dstbuf, step.dstoff, 'destination');
        if ((step.type === 'cpy' || step.type === 're') && step.srcbuf === step.dstbuf) {
          if (step.srcoff < step.dstoff + step.cnt && step.dstoff < step.srcoff + step.cnt) fault(`${sat}: source and destination overlap`);
        }
        if (step.type === 're') {
          if (chain && chain.dstbuf === step.dstbuf && chain.dstoff === step.dstoff && chain.srcbuf === step.srcbuf && step.depid === -1) {
            if (step.cnt !== chain.cnt) fault(`${sat}: merged into a chain of re with cnt ${chain.cnt}`);
          } else {
            chain = null;
          }
          reductions++;
          chain = step.hasdep || reductions === 16 ? null : { dstbuf: step.dstbuf, dstoff: step.dstoff, srcbuf: step.srcbuf, cnt: chain?.cnt ?? step.cnt };
        } else {
          chain = null;
        }
      });
    });
    for (const [chan, count] of senders) if (count > 32) fault(`${at}: ${count} sending threadblocks on channel ${chan}`);
    for (const [chan, count] of receivers) if (count > 32) fault(`${at}: ${count} receiving threadblocks on channel ${chan}`);
    if (nodes > 4096) fault(`${at}: ${nodes} XML nodes`);
    gpu.tbs.forEach((tb, t) =>
      tb.steps.forEach((step, i) => {
        if ((step.hasdep === 1) !== depended.has(`${t}/${i}`))
          fault(`${at} tb ${t} step ${i}: hasdep ${step.hasdep} but ${depended.has(`${t}/${i}`) ? '' : 'not '}depended on`);
      }),
    );
  });
  if (algo.nchannels !== maxChan + 1) fault(`nchannels ${algo.nchannels} for channels up to ${maxChan}`);
  // The k-th send from a to b on channel c pairs with the k-th receive; both must have the same cnt.
  const sends = new Map<string, number[]>();
  const recvs = new Map<string, number[]>();
  for (const gpu of algo.gpus) {
    for (const tb of gpu.tbs) {
      for (const step of tb.steps) {
        if (step.type === 's') push(sends, `${gpu.id}>${tb.send}@${tb.chan}`, step.cnt);
        if (step.type === 'r') push(recvs, `${tb.recv}>${gpu.id}@${tb.chan}`, step.cnt);
      }
    }
  }
  for (const key of new Set([...sends.keys(), ...recvs.keys()])) {
    const a = sends.get(key) ?? [];
    const b = recvs.get(key) ?? [];
    if (a.length !== b.length) fault(`${key}: ${a.length} sends, ${b.length} receives`);
    a.forEach((cnt, i) => {
      if (b[i] !== undefined && b[i] !== cnt) fault(`${key}: send ${i} has cnt ${cnt}, its receive ${b[i]}`);
    });
  }
  return faults;
}

/** Adds a value to the list a map holds under a key, starting the list if there is none. */
export function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
