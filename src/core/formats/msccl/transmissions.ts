// A threadblock as RCCL's executor runs it (docs/msccl-xml.md §3.2, §4): the checks read it to refuse
// what RCCL would run otherwise than the XML says, and the importer to know which step waits for
// which, so both see the same fused `re` chains and the same flag numbers as the kernel.

import { MSCCL_LIMITS, type MscclBuffer, type MscclThreadblock } from './program';

/** A wait of a threadblock on another of its GPU: until tb `tb` has signalled step `step` or a later one. */
interface MscclWait {
  tb: number;
  step: number;
  /** The step (index in the threadblock, a nop or the step itself) whose depid/deps state the wait. */
  at: number;
}

/**
 * What RCCL's executor runs for one threadblock (docs/msccl-xml.md §3.2, §4): its non-nop steps, a
 * chain of `re` steps with the same dstbuf, dstoff and srcbuf (the later ones with depid -1) fused
 * into one, each with the waits of the nops before it and its own, and the flag it publishes when its
 * last step has hasdep=1. RCCL counts flags as the kernel does: one per transmission, plus one per
 * wait beyond the first and one per fused `re` beyond the first (when the cnt is not 0), so they
 * equal the XML step numbers whenever every nop carries a wait.
 */
interface MscclTransmission {
  /** Indices of its steps in the threadblock: one, or a fused chain of `re`. */
  steps: number[];
  waits: MscclWait[];
  flag: number;
}

export function transmissionsOf(tb: MscclThreadblock): MscclTransmission[] {
  const out: MscclTransmission[] = [];
  let waits: MscclWait[] = [];
  // RCCL's parser state (msccl_parser.cc): the dst and src of the chain a `re` may continue.
  let chainDst: MscclBuffer | undefined;
  let chainDstOff = -1;
  let chainSrc: MscclBuffer | undefined;
  let reductions = 0;
  tb.steps.forEach((step, index) => {
    if (step.depid >= 0) waits.push({ tb: step.depid, step: step.deps, at: index });
    let continues = false;
    if (step.type === 're') {
      continues = chainDst === step.dstbuf && chainDstOff === step.dstoff && chainSrc === step.srcbuf && step.depid === -1 && out.length > 0;
      if (!continues) {
        chainDst = undefined;
        chainDstOff = -1;
      }
    }
    if (step.type === 'nop') return;
    if (continues) out[out.length - 1].steps.push(index);
    else {
      out.push({ steps: [index], waits, flag: 0 });
      waits = [];
    }
    if (step.type !== 're') {
      chainDst = undefined;
      chainDstOff = -1;
      chainSrc = undefined;
    } else {
      reductions++;
      if (step.hasdep === 1 || reductions === MSCCL_LIMITS.reduceFusion) {
        chainDst = undefined;
        chainDstOff = -1;
      } else {
        chainDst = step.dstbuf;
        chainDstOff = step.dstoff;
        chainSrc = step.srcbuf;
      }
    }
  });
  // The kernel's step counter (msccl_kernel_impl.h): the flag a transmission publishes.
  let counter = 0;
  for (const t of out) {
    if (t.waits.length > 0) counter += t.waits.length - 1;
    const last = tb.steps[t.steps[t.steps.length - 1]];
    if (last.type === 're' && last.cnt > 0) counter += t.steps.length - 1;
    t.flag = counter;
    counter++;
  }
  return out;
}
