// A whole NCCL_DEBUG=INFO log read into what NCCL built: its version, ranks and hosts, each
// channel's ring (rank 0's line, and every rank's neighbours), each channel's tree links, the
// connections with their transports, the graph search's results and the tuner's choices. A log
// may hold several communicators: the largest is read, and each process's lines are its while it is
// being set up (from its START or nNodes line, or before its COMPLETE in versions that print no
// START). Nothing is guessed: a ring cut short is marked incomplete, a rank no line names is missing.

import { GradsyncError } from '../errors';
import { factOf, type Fact, type NcclGraph, type TreeLink, type Transport } from './facts';
import { ncclRecords, type NcclRecord, type OtherLine } from './records';
import { rankRuns } from './words';

interface NcclRing {
  channel: number;
  /** Ranks in ring order from rank 0, as far as the log shows them. */
  order: number[];
  /** Whether the order holds every rank of the communicator. */
  complete: boolean;
  /** Where rank 0's line cannot be right (a rank twice, a rank past the communicator): which line, and what. */
  fault?: string;
}

interface NcclEdge {
  channel: number;
  from: number;
  to: number;
  transport: Transport;
  /** The transport as NCCL names it: "P2P/IPC/read", "NET/IB/0/GDRDMA". */
  via: string;
}

interface NcclTuning {
  collective: string | null;
  bytes: number;
  algorithm: string;
  protocol: string;
  /** The channels used, first and last; null where the version does not say. */
  channels: [number, number] | null;
}

export interface NcclLog {
  /** "2.21.5"; null where the log has no banner. */
  version: string | null;
  ranks: number;
  /** Hosts, from the nNodes line or the prefixes; null where neither tells. */
  nodes: number | null;
  hosts: { host: string; ranks: number[] }[];
  rings: NcclRing[];
  ringLinks: { channel: number; rank: number; prev: number; next: number }[];
  ringEdges: NcclEdge[];
  /** Connections that are not a ring's: the trees' and other collectives'. */
  otherEdges: NcclEdge[];
  treeLinks: TreeLink[];
  graphs: NcclGraph[];
  tuning: NcclTuning[];
  /** Ranks of the communicator no line of the log speaks for. */
  missingRanks: number[];
  /** How many channels rank 0's ring lines say there are ("Channel 05/16"); null where they do not say. */
  channelCount: number | null;
  /** Other communicators in the log, by size, that were not read. */
  otherCommunicators: number[];
  /** Lines that are not NCCL's, and NCCL's lines of kinds not read here. */
  unread: number;
  /**
   * Those lines to look at, alike ones together (NCCL's by their message, others whole): the first
   * line of each kind, how many there are, and the text cut at 200 characters; the first 40 kinds.
   */
  unreadKinds: { line: number; count: number; text: string }[];
}

/** Kinds of unread lines kept to look at, and the characters of each kept. */
const UNREAD_KINDS = 40;
const UNREAD_CHARS = 200;

/** Unread lines, alike ones together, in the order of their first line. */
function unreadKinds(lines: OtherLine[]): NcclLog['unreadKinds'] {
  const kinds = new Map<string, { line: number; count: number; text: string }>();
  for (const { line, text } of [...lines].sort((a, b) => a.line - b.line)) {
    const known = kinds.get(text);
    if (known) known.count++;
    else kinds.set(text, { line, count: 1, text: text.length > UNREAD_CHARS ? `${text.slice(0, UNREAD_CHARS)}…` : text });
  }
  return [...kinds.values()].slice(0, UNREAD_KINDS);
}

/** The process that printed a record: its host and pid; by its device where the host is cut away; '' for a bare line. */
function processOf(record: NcclRecord): string {
  if (record.host !== null) return `${record.host}:${record.pid}`;
  return record.cudaDev === null ? '' : `[${record.cudaDev}]`;
}

interface Located {
  fact: Fact;
  record: NcclRecord;
}

/**
 * Which communicator init lines are of, across its ranks: its commId (2.16 on), which every line of
 * the same object in the same process shares (an nNodes line printed before its COMPLETE line names
 * the id too), else its size.
 */
function communicators(located: Located[]): (process: string, fact: Extract<Fact, { kind: 'comm' }>) => string {
  const named = new Map<string, string>();
  for (const { fact, record } of located) {
    if (fact.kind !== 'comm' || fact.id === null || fact.id === '0x0') continue;
    const object = `${processOf(record)}/${fact.comm}`;
    if (!named.has(object)) named.set(object, fact.id);
  }
  return (process, fact) => named.get(`${process}/${fact.comm}`) ?? `${fact.ranks} ranks`;
}

/**
 * Each process's facts, given to the communicator being set up there (by communicatorOf): START or
 * nNodes opens it, COMPLETE closes it and takes what came before.
 */
function byCommunicator(located: Located[], communicatorOf: ReturnType<typeof communicators>): Map<string, Located[]> {
  const owned = new Map<string, Located[]>();
  const take = (comm: string, items: Located[]) => owned.set(comm, [...(owned.get(comm) ?? []), ...items]);
  const open = new Map<string, string>();
  const pending = new Map<string, Located[]>();
  for (const item of located) {
    const process = processOf(item.record);
    const { fact } = item;
    if (fact.kind === 'comm') {
      const comm = communicatorOf(process, fact);
      take(comm, [item]);
      if (fact.stage === 'complete') {
        take(comm, pending.get(process) ?? []);
        pending.delete(process);
        if (open.get(process) === comm) open.delete(process);
      } else open.set(process, comm);
      continue;
    }
    const comm = open.get(process);
    if (comm) take(comm, [item]);
    else pending.set(process, [...(pending.get(process) ?? []), item]);
  }
  // Lines of no communicator's setup (a log without init lines, or the collectives after it).
  const rest = [...pending.values()].flat();
  if (rest.length > 0) take('', rest);
  return owned;
}

/** “line 12, “Trees [0] garbage””: where a record stands, and the start of what it says. */
function quoted(record: NcclRecord): string {
  const words = record.message.length > 40 ? `${record.message.slice(0, 40)}…` : record.message;
  return `line ${record.line}, “${words}”,`;
}

/** How to get the lines that say what NCCL built, where the log's own level would not print them. */
function advice(records: NcclRecord[]): string {
  return records.some((r) => r.level === 'INFO') ? '' : ': run with NCCL_DEBUG=INFO (and NCCL_DEBUG_SUBSYS=INIT,GRAPH)';
}

function bad(message: string): never {
  throw new GradsyncError('bad-input', message);
}

/** Reads an NCCL_DEBUG=INFO log; bad input where it holds nothing of NCCL's setup. */
export function parseNcclLog(text: string): NcclLog {
  const { records, other } = ncclRecords(text);
  const located: Located[] = [];
  const unknown: OtherLine[] = [];
  for (const record of records) {
    const fact = record.level === 'INFO' ? factOf(record.message) : null;
    if (fact) located.push({ fact, record });
    else unknown.push({ line: record.line, text: `NCCL ${record.level} ${record.message}` });
  }
  if (located.length === 0) {
    bad(
      records.length === 0
        ? 'no NCCL lines in this log: run with NCCL_DEBUG=INFO (and NCCL_DEBUG_SUBSYS=INIT,GRAPH for every rank’s rings and trees)'
        : `${records.length === 1 ? 'NCCL’s one line does not say' : `none of NCCL’s ${records.length} lines says`} what it built (${quoted(records[0])} is of no kind read here)${advice(records)}`,
    );
  }
  const version = located.map((l) => l.fact).find((f) => f.kind === 'version')?.version ?? null;
  const sizes = new Map<string, number>();
  const communicatorOf = communicators(located);
  for (const { fact, record } of located) if (fact.kind === 'comm') sizes.set(communicatorOf(processOf(record), fact), fact.ranks);
  const owned = byCommunicator(located, communicatorOf);
  const chosen = [...sizes.entries()].sort((a, b) => b[1] - a[1])[0];
  const mine = chosen ? [...(owned.get(chosen[0]) ?? []), ...(owned.get('') ?? [])] : (owned.get('') ?? []);
  const facts = mine.map((item) => item.fact);
  const ranks = chosen ? chosen[1] : inferredRanks(facts);
  if (ranks === 0)
    bad(`no rank, ring or tree in this log’s NCCL lines (${quoted(located[0].record)} is the first of a kind read here, and names none)${advice(records)}`);
  const inRange = (...values: number[]) => values.every((v) => v >= 0 && v < ranks);
  return {
    version,
    ranks,
    ...hostsOf(mine, ranks),
    rings: ringsOf(mine, ranks),
    ringLinks: unique(
      facts.flatMap((f) =>
        f.kind === 'ringLink' && inRange(f.prev, f.rank, f.next) ? [{ channel: f.channel, rank: f.rank, prev: f.prev, next: f.next }] : [],
      ),
      (l) => `${l.channel}:${l.rank}`,
    ),
    ...edgesOf(facts, ranks),
    treeLinks: treeLinksOf(facts, ranks),
    graphs: unique(facts.flatMap(graphOf), (g) => JSON.stringify(g)),
    tuning: unique(
      located.flatMap(({ fact: f }) =>
        f.kind === 'tuning' ? [{ collective: f.collective, bytes: f.bytes, algorithm: f.algorithm, protocol: f.protocol, channels: f.channels }] : [],
      ),
      (t) => JSON.stringify(t),
    ),
    missingRanks: missingOf(facts, ranks),
    channelCount: facts.reduce<number | null>((most, f) => (f.kind === 'ring' && f.channels !== null ? Math.max(most ?? 0, f.channels) : most), null),
    otherCommunicators: [...sizes.entries()].filter(([comm]) => comm !== chosen?.[0]).map(([, size]) => size),
    unread: other.length + unknown.length,
    unreadKinds: unreadKinds([...other, ...unknown]),
  };
}

function graphOf(fact: Fact): NcclGraph[] {
  if (fact.kind !== 'graph') return [];
  const { pattern, crossNic, channels, bwIntra, bwInter, typeIntra, typeInter, sameChannels } = fact;
  return [{ pattern, crossNic, channels, bwIntra, bwInter, typeIntra, typeInter, sameChannels }];
}

function unique<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Without init lines, the ranks the log's rings, trees and connections name. */
function inferredRanks(facts: Fact[]): number {
  let most = -1;
  for (const f of facts) {
    if (f.kind === 'ring') most = Math.max(most, ...f.order);
    if (f.kind === 'ringLink') most = Math.max(most, f.prev, f.rank, f.next);
    if (f.kind === 'trees') for (const l of f.links) most = Math.max(most, l.rank, l.parent, ...l.children);
    if (f.kind === 'tree') most = Math.max(most, f.link.rank, f.link.parent, ...f.link.children);
    if (f.kind === 'edge') most = Math.max(most, f.from, f.to);
  }
  return most + 1;
}

/** The rank a process's line says it is: an init line's, a rank's own ring line's, its "Trees" line's. */
function printingRank(fact: Fact): number | null {
  if (fact.kind === 'comm' || fact.kind === 'ringLink') return fact.rank;
  if (fact.kind === 'trees' && fact.links.length > 0) return fact.links[0].rank;
  return null;
}

/** Hosts by the ranks whose lines they printed (an init line, a rank's own ring or tree line says which rank printed it). */
function hostsOf(items: Located[], ranks: number): Pick<NcclLog, 'hosts' | 'nodes'> {
  const hosts = new Map<string, Set<number>>();
  let nodes: number | null = null;
  for (const { fact, record } of items) {
    const rank = printingRank(fact);
    if (rank === null || rank >= ranks) continue;
    if (fact.kind === 'comm' && fact.nodes !== undefined) nodes = fact.nodes;
    if (record.host === null) continue;
    const set = hosts.get(record.host) ?? new Set<number>();
    set.add(rank);
    hosts.set(record.host, set);
  }
  const list = [...hosts.entries()].map(([host, set]) => ({ host, ranks: [...set].sort((a, b) => a - b) })).sort((a, b) => a.ranks[0] - b.ranks[0]);
  // NCCL's own "nNodes 1" puts every rank on the one host the log names, silent ranks too.
  if (nodes === 1 && list.length === 1) list[0].ranks = Array.from({ length: ranks }, (_, r) => r);
  return { hosts: list, nodes: nodes ?? (list.length > 0 ? list.length : null) };
}

/**
 * Rank 0's ring line as far as it holds: it stops before a rank past the communicator or a rank named
 * twice, and the fault says which, at which line.
 */
function ringRead(printed: number[], ranks: number, record: NcclRecord): { order: number[]; fault?: string } {
  const order: number[] = [];
  for (const rank of printed) {
    if (rank >= ranks) return { order, fault: `${quoted(record)} names rank ${rank}, past the communicator’s ${ranks} ranks (0 to ${ranks - 1})` };
    if (order.includes(rank)) {
      const never = Array.from({ length: ranks }, (_, r) => r).filter((r) => !printed.includes(r));
      const also = never.length === 0 ? '' : ` and never ${never.length === 1 ? 'rank' : 'ranks'} ${rankRuns(never)}`;
      return { order, fault: `${quoted(record)} names rank ${rank} twice${also}` };
    }
    order.push(rank);
  }
  return { order };
}

function ringsOf(items: Located[], ranks: number): NcclRing[] {
  const rings = new Map<number, NcclRing>();
  for (const { fact: f, record } of items) {
    if (f.kind !== 'ring') continue;
    const { order, fault } = ringRead(f.order, ranks, record);
    const complete = fault === undefined && !f.cut && order.length === ranks;
    const known = rings.get(f.channel);
    if (!known || (!known.complete && order.length > known.order.length))
      rings.set(f.channel, { channel: f.channel, order, complete, ...(fault ? { fault } : {}) });
  }
  const facts = items.map((item) => item.fact);
  // Where rank 0's line is cut or absent, every rank's neighbours may still close the ring.
  const links = facts.filter((f): f is Extract<Fact, { kind: 'ringLink' }> => f.kind === 'ringLink' && [f.prev, f.rank, f.next].every((r) => r < ranks));
  for (const channel of new Set(links.map((l) => l.channel))) {
    if (rings.get(channel)?.complete) continue;
    const next = new Map(links.filter((l) => l.channel === channel).map((l) => [l.rank, l.next]));
    const order = [0];
    while (order.length < ranks && next.has(order[order.length - 1])) {
      const after = next.get(order[order.length - 1])!;
      if (after === 0 || order.includes(after)) break;
      order.push(after);
    }
    const known = rings.get(channel);
    const complete = order.length === ranks;
    // A fault in rank 0's line stays said unless every rank's own line closes the ring.
    const fault = !complete && known?.fault ? { fault: known.fault } : {};
    if (!known || complete || order.length > known.order.length) rings.set(channel, { channel, order, complete, ...fault });
  }
  return [...rings.values()].sort((a, b) => a.channel - b.channel);
}

function edgesOf(facts: Fact[], ranks: number): Pick<NcclLog, 'ringEdges' | 'otherEdges'> {
  const nextOf = new Map<string, number>();
  for (const f of facts) {
    if (f.kind === 'ringLink') nextOf.set(`${f.channel}:${f.rank}`, f.next);
    // Rank 0's line: each rank's next is the one after it, and a whole ring closes back to rank 0.
    if (f.kind === 'ring') {
      const whole = !f.cut && f.order.length === ranks;
      f.order.forEach((rank, i) => (i + 1 < f.order.length || whole) && nextOf.set(`${f.channel}:${rank}`, f.order[(i + 1) % f.order.length]));
    }
  }
  const edges = unique(
    facts.flatMap((f) =>
      f.kind === 'edge' && f.connection === 0 && f.from < ranks && f.to < ranks
        ? [{ channel: f.channel, from: f.from, to: f.to, transport: f.transport, via: f.via }]
        : [],
    ),
    (e) => `${e.channel}:${e.from}>${e.to}`,
  );
  const ring = (e: NcclEdge) => nextOf.get(`${e.channel}:${e.from}`) === e.to;
  return { ringEdges: edges.filter(ring), otherEdges: edges.filter((e) => !ring(e)) };
}

function treeLinksOf(facts: Fact[], ranks: number): TreeLink[] {
  const fromTrees = facts.flatMap((f) => (f.kind === 'trees' ? f.links : []));
  const known = new Set(fromTrees.map((l) => `${l.channel}:${l.rank}`));
  // An inter-node "Tree" line speaks for a channel only where no "Trees" line does.
  const interNode = facts.flatMap((f) => (f.kind === 'tree' && !known.has(`${f.link.channel}:${f.link.rank}`) ? [f.link] : []));
  // −1 is "none", for a parent; children are listed without it.
  const valid = (l: TreeLink) => l.rank < ranks && l.parent >= -1 && l.parent < ranks && l.children.every((c) => c < ranks);
  return unique([...fromTrees, ...interNode].filter(valid), (l) => `${l.channel}:${l.rank}`).sort((a, b) => a.channel - b.channel || a.rank - b.rank);
}

/** Ranks no per-rank line speaks for, where the log has per-rank lines at all. */
function missingOf(facts: Fact[], ranks: number): number[] {
  const spoke = new Set<number>();
  for (const f of facts) {
    if (f.kind === 'comm') spoke.add(f.rank);
    if (f.kind === 'ringLink') spoke.add(f.rank);
    if (f.kind === 'trees') for (const l of f.links) spoke.add(l.rank);
  }
  if (spoke.size === 0) return [];
  return Array.from({ length: ranks }, (_, r) => r).filter((r) => !spoke.has(r));
}
