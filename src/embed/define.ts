// The embed bundle's entry: defines <gradsync-sim> and <gradsync-train> once each (a page may load
// the script twice), after putting in the page the rules for the room each figure keeps.

import { GradsyncSim } from './GradsyncSim';
import { GradsyncTrain } from './GradsyncTrain';
import { reserveRoom } from './styles';

export { GradsyncSim, GradsyncTrain };
export type { GradsyncStepDetail } from './GradsyncSim';

reserveRoom();
if (!customElements.get('gradsync-sim')) customElements.define('gradsync-sim', GradsyncSim);
if (!customElements.get('gradsync-train')) customElements.define('gradsync-train', GradsyncTrain);
