// The embed bundle's entry: defines <gradsync-sim> and <gradsync-train> once each (a page may load
// the script twice).

import { GradsyncSim } from './GradsyncSim';
import { GradsyncTrain } from './GradsyncTrain';

export { GradsyncSim, GradsyncTrain };
export type { GradsyncStepDetail } from './GradsyncSim';

if (!customElements.get('gradsync-sim')) customElements.define('gradsync-sim', GradsyncSim);
if (!customElements.get('gradsync-train')) customElements.define('gradsync-train', GradsyncTrain);
