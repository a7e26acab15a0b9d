// NCCL's own logs (NCCL_DEBUG=INFO): what NCCL built on a cluster, read line by line (records),
// message by message (facts), into rings, trees and connections (parseNcclLog); and its XML dumps of
// the graphs it searched and the machine it saw (dumps); and a channel's ring or tree as a schedule to
// play (channelSchedule).

export * from './parseNcclLog';
export { looksLikeNcclLog } from './records';
export * from './dumps';
export * from './channelSchedule';
