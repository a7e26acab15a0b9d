// NCCL's own logs (NCCL_DEBUG=INFO): what NCCL built on a cluster, read line by line (records),
// message by message (facts), into rings, trees and connections (parseNcclLog); and its XML dumps of
// the graphs it searched and the machine it saw (dumps); a channel's ring or tree as a schedule to
// play (channelSchedule); each tree beside gradsync's double tree (treeComparison), and the tuner's
// choices beside gradsync's model of them (tuningComparison).

export * from './parseNcclLog';
export { patternName, type Transport } from './facts';
export { looksLikeNcclLog } from './records';
export * from './dumps';
export * from './channelSchedule';
export * from './treeComparison';
export * from './tuningComparison';
export * from './words';
