// The α-β time of trees pipelined over chunks (algorithms/pipelinedTree.ts) without writing a
// transfer. How a device loads its ports follows from its place in each tree alone: in tree t (H its
// root's height, its k-th chunk c_t[k]) a device of height h and depth δ
//   sends c_t[k] up to its parent at step k + h, and receives it from each child c at step k + h(c);
//   sends c_t[k] down to each child at step k + H + δ, and receives it from its parent at k + H + δ − 1;
// each on the fabric of that edge (inside a node or between nodes). Devices whose places are alike in
// every tree (the same heights and depth, the same children's heights, the same fabric on each edge)
// load their ports alike at every step, so a step's busiest port (stepLoads.ts) is the busiest over
// these classes: a double tree over 24,576 devices has a few dozen. Exact for every K, topology and
// protocol: it sums, class by class, the chunk lengths the scheduled model sums transfer by transfer.

import { depths, subtreeHeights, type TreeLoad } from '../algorithms/pipelinedTree';
import { invariant } from '../errors';
import { chunkStart } from '../schedule/chunks';

/** Model time in µs of a K-element buffer, given a step's time from its busiest ports (in elements) inside and between nodes. */
export type TreeModel = (stepUs: (intraPortElements: number, interPortElements: number) => number) => (elements: number) => number;

/** A class's flows, five numbers each: the tree, the step offset, received (1) or sent (0), the fabric, how many messages. */
const FLOW = 5;

/** One device's place in one tree, as a key: what its flows depend on. */
function placeKey(height: number, depth: number, fabricUp: number, childHeights: number[], childFabrics: number[]): string {
  const kids = childHeights.map((h, i) => `${h}:${childFabrics[i]}`).sort();
  return `${height},${depth},${fabricUp};${kids.join(',')}`;
}

/** The flows of a place in tree t, merged where they coincide. */
function placeFlows(t: number, rootHeight: number, height: number, depth: number, fabricUp: number, childHeights: number[], childFabrics: number[]): number[] {
  const merged = new Map<string, number[]>();
  const add = (offset: number, receives: number, fabric: number) => {
    const key = `${offset},${receives},${fabric}`;
    const flow = merged.get(key);
    if (flow) flow[4]++;
    else merged.set(key, [t, offset, receives, fabric, 1]);
  };
  if (fabricUp >= 0) {
    add(height, 0, fabricUp);
    add(rootHeight + depth - 1, 1, fabricUp);
  }
  childHeights.forEach((h, i) => {
    add(h, 1, childFabrics[i]);
    add(rootHeight + depth, 0, childFabrics[i]);
  });
  return [...merged.values()].flat();
}

/**
 * The model of trees that carry disjoint chunks concurrently (as writePipelinedTrees writes them) on
 * `chunks` chunks, device d in node ⌊d / perNode⌋: classes found once, each K then costs steps ×
 * classes × their few flows.
 */
export function pipelinedTreesModel(loads: readonly TreeLoad[], chunks: number, perNode: number): TreeModel {
  const devices = loads[0]?.tree.devices ?? 0;
  const fabricOf = (a: number, b: number) => (Math.floor(a / perNode) === Math.floor(b / perNode) ? 0 : 1);
  const places = loads.map(({ tree, chunks: carried }) => {
    invariant(tree.devices === devices, 'the trees of one schedule span the same devices');
    const heights = subtreeHeights(tree);
    return { tree, carried: carried.length, heights, depths: depths(tree), rootHeight: heights[tree.root] };
  });
  let steps = 0;
  for (const { carried, rootHeight } of places) if (carried > 0 && rootHeight > 0) steps = Math.max(steps, carried - 1 + 2 * rootHeight);
  /** Device d's place in every tree, as the key of its class, and its flows. */
  const placeOf = (d: number, flowsToo: boolean): { key: string; flows: number[] } => {
    let key = '';
    const flows: number[] = [];
    places.forEach(({ tree, carried, heights, depths: depthOf, rootHeight }, t) => {
      const up = tree.parent[d];
      const fabricUp = up === -1 ? -1 : fabricOf(d, up);
      const childHeights = tree.children[d].map((c) => heights[c]);
      const childFabrics = tree.children[d].map((c) => fabricOf(d, c));
      key += `${placeKey(heights[d], depthOf[d], fabricUp, childHeights, childFabrics)}|`;
      if (flowsToo && carried > 0) flows.push(...placeFlows(t, rootHeight, heights[d], depthOf[d], fabricUp, childHeights, childFabrics));
    });
    return { key, flows };
  };
  // One device of each class stands for it.
  const seen = new Set<string>();
  const classFlows: number[] = [];
  const classStart: number[] = [0];
  for (let d = 0; d < devices; d++) {
    const { key } = placeOf(d, false);
    if (seen.has(key)) continue;
    seen.add(key);
    classFlows.push(...placeOf(d, true).flows);
    classStart.push(classFlows.length);
  }
  const flows = Int32Array.from(classFlows);
  const starts = Int32Array.from(classStart);
  const carried = loads.map((load) => Int32Array.from(load.chunks));

  return (stepUs) => (elements) => {
    const lengths = new Float64Array(chunks);
    for (let c = 0; c < chunks; c++) lengths[c] = chunkStart(c + 1, elements, chunks) - chunkStart(c, elements, chunks);
    let total = 0;
    for (let s = 0; s < steps; s++) {
      let intra = 0;
      let inter = 0;
      for (let k = 0; k + 1 < starts.length; k++) {
        // sent and received, inside and between nodes
        let sentIn = 0;
        let receivedIn = 0;
        let sentOut = 0;
        let receivedOut = 0;
        for (let i = starts[k]; i < starts[k + 1]; i += FLOW) {
          const order = carried[flows[i]];
          const index = s - flows[i + 1];
          if (index < 0 || index >= order.length) continue;
          const moved = lengths[order[index]] * flows[i + 4];
          if (flows[i + 3] === 0) {
            if (flows[i + 2] === 0) sentIn += moved;
            else receivedIn += moved;
          } else if (flows[i + 2] === 0) sentOut += moved;
          else receivedOut += moved;
        }
        intra = Math.max(intra, sentIn, receivedIn);
        inter = Math.max(inter, sentOut, receivedOut);
      }
      total += stepUs(intra, inter);
    }
    return total;
  };
}
