// The text of an MSCCL XML algorithm file (docs/msccl-xml.md §0, §1): one element a line, each with
// all its attributes, after two comments that tell a reader of the file what the program is.

import type { MscclAlgo } from './program';

/** The text of a program; `what` names the schedule it was made from, in the opening comment. */
export function writeMscclXml(algo: MscclAlgo, what: string): string {
  const channels = algo.nchannels === 1 ? '1 channel' : `${algo.nchannels} channels`;
  const lines = [
    `<!-- gradsync export of ${commentText(what)} on ${algo.ngpus} devices -->`,
    `<!-- ${algo.coll}, ${algo.nchunksperloop} chunks, ${algo.inplace ? 'in place' : 'out of place'}, ${channels}; step types s, r, cpy, re, nop -->`,
    `<algo name="${algo.name}" proto="${algo.proto}" nchannels="${algo.nchannels}" nchunksperloop="${algo.nchunksperloop}" ngpus="${algo.ngpus}" coll="${algo.coll}" inplace="${algo.inplace}" outofplace="${algo.outofplace}" minBytes="${algo.minBytes}" maxBytes="${algo.maxBytes}">`,
  ];
  for (const gpu of algo.gpus) {
    lines.push(`  <gpu id="${gpu.id}" i_chunks="${gpu.i_chunks}" o_chunks="${gpu.o_chunks}" s_chunks="${gpu.s_chunks}">`);
    for (const tb of gpu.threadblocks) {
      lines.push(`    <tb id="${tb.id}" send="${tb.send}" recv="${tb.recv}" chan="${tb.chan}">`);
      for (const step of tb.steps) {
        lines.push(
          `      <step s="${step.s}" type="${step.type}" srcbuf="${step.srcbuf}" srcoff="${step.srcoff}" dstbuf="${step.dstbuf}" dstoff="${step.dstoff}" cnt="${step.cnt}" depid="${step.depid}" deps="${step.deps}" hasdep="${step.hasdep}"/>`,
        );
      }
      lines.push('    </tb>');
    }
    lines.push('  </gpu>');
  }
  lines.push('</algo>');
  return `${lines.join('\n')}\n`;
}

/** Text safe inside an XML comment RCCL skips: printable ASCII, no "--". */
function commentText(text: string): string {
  return text.replace(/[^\x20-\x7e]|[<>&]/g, '_').replace(/-{2,}/g, '-');
}
