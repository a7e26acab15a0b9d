// A compact way to write MSCCL programs in the import tests, and the transfers the importer should
// make of them: a program is a few lines of spec rather than a page of XML, so each test shows only
// the steps it is about.

import type { BufferName, Transfer } from '../../../../src/core/schedule/ir';

// One string per step, "type srcbuf srcoff dstbuf dstoff cnt [depid deps hasdep]", one element per
// line as RCCL wants it.

interface TbSpec {
  send?: number;
  recv?: number;
  chan?: number;
  steps: string[];
}

interface GpuSpec {
  s_chunks?: number;
  tbs: TbSpec[];
}

export interface AlgoSpec {
  coll?: string;
  chunks: number;
  inplace?: 0 | 1;
  gpus: GpuSpec[];
}

/** One <step> line, indented as inside a <tb>, from its compact spec. */
export function stepXml(s: number, spec: string): string {
  const [type, srcbuf, srcoff, dstbuf, dstoff, cnt, depid = '-1', deps = '-1', hasdep = '0'] = spec.split(' ');
  return `      <step s="${s}" type="${type}" srcbuf="${srcbuf}" srcoff="${srcoff}" dstbuf="${dstbuf}" dstoff="${dstoff}" cnt="${cnt}" depid="${depid}" deps="${deps}" hasdep="${hasdep}"/>`;
}

/** The whole <algo>: every GPU with input and output of `chunks` chunks, threadblocks numbered in order. */
export function programXml(spec: AlgoSpec): string {
  const { coll = 'allreduce', chunks, inplace = 1, gpus } = spec;
  const lines = [
    `<algo name="test" proto="Simple" nchannels="2" nchunksperloop="${chunks}" ngpus="${gpus.length}" coll="${coll}" inplace="${inplace}" outofplace="${1 - inplace}" minBytes="0" maxBytes="0">`,
  ];
  gpus.forEach((gpu, g) => {
    lines.push(`  <gpu id="${g}" i_chunks="${chunks}" o_chunks="${chunks}" s_chunks="${gpu.s_chunks ?? 0}">`);
    gpu.tbs.forEach((tb, t) => {
      lines.push(`    <tb id="${t}" send="${tb.send ?? -1}" recv="${tb.recv ?? -1}" chan="${tb.chan ?? 0}">`);
      tb.steps.forEach((step, s) => lines.push(stepXml(s, step)));
      lines.push('    </tb>');
    });
    lines.push('  </gpu>');
  });
  lines.push('</algo>');
  return lines.join('\n');
}

/** A local transfer or a transfer between GPUs, as the importer writes it. */
export function t(
  src: number,
  srcBuffer: BufferName,
  srcChunk: number,
  dst: number,
  dstBuffer: BufferName,
  chunk: number,
  op: 'copy' | 'reduce',
  channel: number,
  threadblocks: [number, number],
  count = 1,
): Transfer {
  return { src, dst, srcBuffer, srcChunk, dstBuffer, chunk, op, ...(count > 1 && { count }), channel, threadblocks };
}
