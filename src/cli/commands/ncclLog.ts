// gradsync nccl-log: reads a cluster's NCCL_DEBUG=INFO output and says what NCCL built there: its
// version, ranks by host, each channel's ring (from rank 0's line, or closed from every rank's
// neighbours) with the transport of each hop, each channel's tree and how it stands beside
// gradsync's double tree, the graph search's results, and the tuner's choices beside gradsync
// tune's; what the log leaves out is said, never guessed.

import { Command } from 'commander';
import { GradsyncError } from '../../core/errors';
import { scheduleJson } from '../../core/formats';
import {
  compareTree,
  compareTuning,
  matchPreset,
  rankRuns,
  treeChannels,
  looksLikeNcclDump,
  parseNcclDump,
  patternName,
  pciSwitches,
  parseNcclLog,
  ringChannelSchedule,
  treeChannelSchedule,
  treeFault,
  type NcclDump,
  type NcclLog,
} from '../../core/ncclLog';
import { EXIT_OK, type ExitCode } from '../exitCodes';
import { readParsed } from '../files';
import type { Io } from '../io';

/** Transports in the order a ring's hops use them: inside a GPU's node first. */
const TRANSPORTS = ['P2P', 'SHM', 'NET', 'COLLNET'] as const;

interface NcclLogFlags {
  json?: boolean;
  play?: string;
}

/** `--play ring:C` or `tree:C`: the schedule of an all-reduce over that channel's ring or tree, as NCCL built it. */
function played(log: NcclLog, what: string): string {
  const match = /^(ring|tree):(\d+)$/.exec(what);
  if (!match) throw new GradsyncError('bad-argument', `--play takes ring:C or tree:C (a channel's ring or tree), got “${what.slice(0, 24)}”`);
  const channel = Number(match[2]);
  return scheduleJson(match[1] === 'ring' ? ringChannelSchedule(log, channel) : treeChannelSchedule(log, channel));
}

const channelsWord = (n: number) => (n === 1 ? '1 channel' : `${n} channels`);

function summary(log: NcclLog): string[] {
  const lines: string[] = [];
  const hosts = log.hosts.length > 0 ? ` on ${log.hosts.length} host${log.hosts.length === 1 ? '' : 's'}` : log.nodes ? ` on ${log.nodes} nodes` : '';
  lines.push(`NCCL ${log.version ?? '(version not in the log)'} · ${log.ranks} ranks${hosts}`);
  for (const host of log.hosts) lines.push(`  ${host.host}: ranks ${rankRuns(host.ranks)}`);
  if (log.missingRanks.length > 0) lines.push(`  no line of ranks ${rankRuns(log.missingRanks)}: the log is partial`);
  if (log.otherCommunicators.length > 0)
    lines.push(
      log.otherCommunicators.length === 1
        ? `  another communicator not read, of ${log.otherCommunicators[0]} ranks`
        : `  ${log.otherCommunicators.length} other communicators not read, of ${log.otherCommunicators.join(', ')} ranks`,
    );
  const built = log.channelCount !== null && log.channelCount > log.rings.length ? ` of the ${log.channelCount} NCCL built` : '';
  lines.push('', `rings (${channelsWord(log.rings.length)}${built})`);
  if (log.rings.length === 0) lines.push('  none in the log: NCCL prints them at NCCL_DEBUG=INFO, rank 0’s “Channel” lines');
  for (const ring of log.rings) {
    const hops = log.ringEdges.filter((e) => e.channel === ring.channel);
    const kinds = TRANSPORTS.filter((kind) => hops.some((e) => e.transport === kind)).join('+');
    const tail = ring.fault ? ` … (cannot be right: ${ring.fault})` : ring.complete ? '' : ` … (incomplete: ${ring.order.length} of ${log.ranks} ranks shown)`;
    lines.push(`  ${String(ring.channel).padStart(2)}: ${ring.order.join(' ')}${tail}${kinds ? `  [${kinds}]` : ''}`);
  }
  const channels = treeChannels(log);
  lines.push('', `trees (${channelsWord(channels.length)})`);
  if (channels.length === 0) lines.push('  none in the log: NCCL prints every rank’s “Trees” line at NCCL_DEBUG=INFO');
  for (const channel of channels) {
    const links = log.treeLinks.filter((l) => l.channel === channel);
    const roots = links.filter((l) => l.parent === -1).map((l) => l.rank);
    const told = links.length < log.ranks ? ` (${links.length} of ${log.ranks} ranks told)` : '';
    const up = links.filter((l) => l.parent >= 0).map((l) => `${l.rank}→${l.parent}`);
    const fault = treeFault(log, channel);
    lines.push(`  ${String(channel).padStart(2)}: root ${roots.length > 0 ? rankRuns(roots) : 'not in the log'}${told}; child→parent ${up.join(' ')}`);
    if (fault !== null) lines.push(`      its lines contradict each other: ${fault}`);
  }
  if (channels.length > 0) {
    lines.push('', "trees beside gradsync's double tree (= the same, ≠ differs)");
    for (const channel of channels) {
      const c = compareTree(log, channel);
      const said = c.ok ? c.words.map((w) => `${w.same ? '=' : '≠'} ${w.text}`).join(' ') : `no comparison: ${c.why}`;
      lines.push(`  ${String(channel).padStart(2)}: ${said}`);
    }
  }
  if (log.graphs.length > 0) {
    lines.push('', 'graph search');
    for (const g of log.graphs) {
      lines.push(
        `  pattern ${g.pattern} (${patternName(g.pattern)}), ${g.channels} channels, ${g.bwIntra}/${g.bwInter} GB/s, paths ${g.typeIntra}/${g.typeInter}${g.sameChannels ? ', same channels' : ''}`,
      );
    }
  }
  if (log.tuning.length > 0) {
    lines.push('', 'tuner');
    for (const t of log.tuning) {
      const used = t.channels ? `, channels ${t.channels[0]}–${t.channels[1]}` : '';
      lines.push(`  ${t.collective ?? 'collective'} of ${t.bytes} bytes: ${t.algorithm} ${t.protocol}${used}`);
    }
    const match = matchPreset(log);
    lines.push('', `tuner beside gradsync tune ${match.id === null ? '' : `--preset ${match.id} `}(matched on ${match.because.join(', ')})`);
    for (const row of match.id === null ? [] : compareTuning(log, match.id)) {
      const verdict = row.predicted === null ? `no prediction: ${row.why}` : `gradsync tune picks ${row.predicted} ${row.agrees ? '=' : '≠'}`;
      lines.push(`  ${row.collective ?? 'collective'} of ${row.bytes} bytes: NCCL chose ${row.logged}; ${verdict}`);
    }
  }
  lines.push('', log.unread === 0 ? 'every line read' : `${log.unread} ${log.unread === 1 ? 'line' : 'lines'} not read (not NCCL’s, or NCCL’s of other kinds)`);
  return lines;
}

function dumpSummary(dump: NcclDump): string[] {
  if (dump.kind === 'graphs') {
    const lines = [`NCCL graph dump · ${dump.graphs.length} graphs`];
    for (const graph of dump.graphs) {
      const bw = graph.bwIntra === null ? '' : `, ${graph.bwIntra}/${graph.bwInter} GB/s`;
      const paths = graph.typeIntra === null ? '' : `, paths ${graph.typeIntra}/${graph.typeInter}`;
      lines.push(
        '',
        `${graph.kind} (id ${graph.id}, pattern ${graph.pattern} (${patternName(graph.pattern)})${bw}${paths}), ${graph.channels.length} channels`,
      );
      graph.channels.forEach((channel, c) => {
        const gpus = channel.ranks ? channel.ranks.map((rank) => `rank ${rank}`).join(' ') : channel.gpus.map((gpu) => `GPU ${gpu}`).join(' ');
        const [first, last] = [channel.nets[0], channel.nets[channel.nets.length - 1]];
        lines.push(`  ${String(c).padStart(2)}: ${first === undefined ? '' : `NET ${first} → `}${gpus}${last === undefined ? '' : ` → NET ${last}`}`);
      });
    }
    return lines;
  }
  const { topology } = dump;
  const lines = [
    `NCCL topology dump · ${topology.gpus.length} GPUs, ${topology.nics.length} NICs, ${pciSwitches(topology).length} PCI switches and bridges, ${topology.cpus.length} CPUs`,
  ];
  for (const gpu of topology.gpus) {
    const links = gpu.nvlinks.map((link) => `${link.count}× to ${link.target}`).join(', ');
    lines.push(
      `  GPU ${gpu.dev ?? '?'}${gpu.rank === null ? '' : ` (rank ${gpu.rank})`} at ${gpu.busId ?? '?'}${gpu.sm === null ? '' : `, sm ${gpu.sm}`}${links ? `; NVLink ${links}` : ''}`,
    );
  }
  for (const nic of topology.nics)
    lines.push(
      `  NIC ${nic.name ?? '?'} (dev ${nic.dev ?? '?'}) at ${nic.busId ?? '?'}${nic.speedMbps === null ? '' : `, ${nic.speedMbps / 1000} Gb/s`}${nic.gdr ? ', GPUDirect RDMA' : ''}`,
    );
  return lines;
}

export function ncclLogCommand(io: Io, done: (code: ExitCode) => void): Command {
  return new Command('nccl-log')
    .description(
      "read a cluster's NCCL_DEBUG=INFO log (the rings and trees NCCL built, by channel, with each hop's transport) or NCCL's graph or topology XML dump",
    )
    .argument('<file>', 'the log, as printed (any launcher prefix, ranks and hosts interleaved), or an NCCL_GRAPH_DUMP_FILE / NCCL_TOPO_DUMP_FILE')
    .option('--json', 'print one JSON object')
    .option('--play <ring:C|tree:C>', "print the schedule JSON of an all-reduce over channel C's ring or tree, as NCCL built it (for gradsync run --schedule)")
    .action((file: string, flags: NcclLogFlags) => {
      const read = readParsed(file, 'NCCL log', (text) => (looksLikeNcclDump(text) ? parseNcclDump(text) : parseNcclLog(text)));
      if (flags.play !== undefined) {
        if ('kind' in read) throw new GradsyncError('bad-argument', '--play needs a log (its rings and trees), not a dump');
        const text = played(read, flags.play);
        io.out(text.endsWith('\n') ? text : `${text}\n`);
      } else {
        const lines = 'kind' in read ? dumpSummary(read) : summary(read);
        io.out(flags.json ? `${JSON.stringify(read)}\n` : `${lines.join('\n')}\n`);
      }
      done(EXIT_OK);
    });
}
