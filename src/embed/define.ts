// The embed bundle's entry: defines <gradsync-sim> once (a page may load the script twice).

import { GradsyncSim } from './GradsyncSim';

export { GradsyncSim };
export type { GradsyncStepDetail } from './GradsyncSim';

if (!customElements.get('gradsync-sim')) customElements.define('gradsync-sim', GradsyncSim);
