// A fabric in one line, as links (`fit=`) and the command line (`--fit`) carry a fitted machine:
//   α,B;LL:α,B;LL128:α,B
// α in µs per step and B in GB/s: Simple's first, then each protocol the fit gives its own (a fit of
// an nccl-tests log, core/ncclTests/asModel.ts). A protocol left out was the fastest at no size of the log:
// 'auto' does not weigh it, and chosen by name it takes transport.ts's defaults.

import type { Fabric } from '../model/cost';
import { GradsyncError } from '../errors';

const OWN_PROTOCOLS = ['LL', 'LL128'] as const;
const FORMAT = "'α,B' in µs and GB/s, then ';LL:α,B' and ';LL128:α,B' where the fit has them";

const written = (value: number) => String(Number(value.toPrecision(6)));

export function fabricText(fabric: Fabric): string {
  const parts = [`${written(fabric.latencyUs)},${written(fabric.bandwidthGBs)}`];
  for (const p of OWN_PROTOCOLS) {
    const alpha = fabric.protocolLatencyUs?.[p];
    const beta = fabric.protocolBandwidthGBs?.[p];
    if (alpha !== undefined && beta !== undefined) parts.push(`${p}:${written(alpha)},${written(beta)}`);
  }
  return parts.join(';');
}

function bad(text: string, why: string): never {
  throw new GradsyncError('bad-argument', `a fitted fabric must be ${FORMAT}; ${why} in '${text.slice(0, 60)}'`, {
    field: 'fit',
    value: text.slice(0, 60),
    allowed: `be ${FORMAT}`,
  });
}

function pair(text: string, part: string): [number, number] {
  const values = part.split(',').map((v) => (v.trim() === '' ? NaN : Number(v)));
  if (values.length !== 2 || !values.every(Number.isFinite)) bad(text, `'${part}' is not two numbers`);
  const [alpha, beta] = values;
  if (alpha < 0 || beta <= 0) bad(text, `'${part}' needs α ≥ 0 and B > 0`);
  return [alpha, beta];
}

/** Reads fabricText's line; anything else throws GradsyncError('bad-argument') about the setting 'fit'. */
export function parseFabricText(text: string): Fabric {
  const [first, ...rest] = text.split(';');
  const [latencyUs, bandwidthGBs] = pair(text, first);
  const protocolLatencyUs: Partial<Record<'LL' | 'LL128', number>> = {};
  const protocolBandwidthGBs: Partial<Record<'LL' | 'LL128', number>> = {};
  for (const part of rest) {
    const [name, values = ''] = part.split(':');
    const p = OWN_PROTOCOLS.find((own) => own === name.trim());
    if (p === undefined || protocolLatencyUs[p] !== undefined) bad(text, `'${name}' is not LL or LL128 once`);
    [protocolLatencyUs[p], protocolBandwidthGBs[p]] = pair(text, values);
  }
  return { latencyUs, bandwidthGBs, protocolLatencyUs, protocolBandwidthGBs };
}
