// How NCCL's pairs are drawn: the algorithm is the colour (set in ncclChoice.css, light and dark), the
// protocol the dash — Simple solid, LL128 dashed, LL dotted.

import type { NcclAlgorithm, Protocol } from '../../../core/nccl';

export function ncclClass(algorithm: NcclAlgorithm, protocol?: Protocol): string {
  return `gs-nccl-${algorithm.toLowerCase()}${protocol ? ` gs-nccl-${protocol.toLowerCase()}` : ''}`;
}
