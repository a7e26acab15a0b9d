// The page's side of the background hears each request's replies in the protocol's order; a reply
// out of that order is a bug of ours and fails at once.

import { describe, expect, it } from 'vitest';
import { backgroundOver, type BackgroundPort, type BackgroundReply, type BackgroundRequest } from '../../../src/store/background/background';
import { backgroundAnswers } from '../../../src/store/background/answers';
import { DEFAULT_CONFIG } from '../../../src/store/config';

/** A port whose replies the test sends, one at a time, in any order. */
function manualPort() {
  const requests: BackgroundRequest[] = [];
  const port: BackgroundPort = { postMessage: (message) => requests.push(message), onmessage: null, onerror: null, terminate() {} };
  const reply = (message: BackgroundReply) => port.onmessage!({ data: message } as MessageEvent<BackgroundReply>);
  /** What the worker's own code replies to request `index`. */
  const workerReplies = (index: number) => {
    const replies: BackgroundReply[] = [];
    backgroundAnswers((message) => replies.push(message))(requests[index]);
    return replies;
  };
  return { port, requests, reply, workerReplies };
}

const INPUT = { devices: 4, elements: 4, latencyUs: 5, bandwidthGBs: 100, devicesPerNode: 8, topology: null, algorithm: null, chunks: null };

describe('the background protocol', () => {
  it('hears a derive’s schedule, then its model, then its proof', async () => {
    const { port, reply, workerReplies } = manualPort();
    const heard: string[] = [];
    const derived = backgroundOver(port).derive(
      { ...DEFAULT_CONFIG, devices: 80 },
      null,
      () => heard.push('progress'),
      () => heard.push('proof'),
      () => heard.push('model'),
    );
    const replies = workerReplies(0);
    expect(replies.map((r) => r.kind)).toEqual(['progress', 'derived', 'modelled', 'verified']);
    replies.forEach(reply);
    expect((await derived).schedule.devices).toBe(80);
    expect(heard).toEqual(['progress', 'model', 'proof']);
  });

  it('fails at once on a derive’s proof before its model', async () => {
    const { port, reply, workerReplies } = manualPort();
    const derived = backgroundOver(port).derive({ ...DEFAULT_CONFIG, devices: 80 }, null);
    const [progress, answer, , verified] = workerReplies(0);
    reply(progress);
    reply(answer);
    await derived;
    expect(() => reply(verified)).toThrow("gradsync invariant failed: the background worker sent verified where a derive's model was due");
  });

  it('fails at once on an answer of another kind, or on progress where none is sent', () => {
    const { port, reply } = manualPort();
    const background = backgroundOver(port);
    void background.compare(INPUT);
    void background.compare(INPUT);
    expect(() => reply({ id: 1, kind: 'plan-gpu', plan: {} as never })).toThrow(
      'gradsync invariant failed: the background worker answered plan-gpu to compare',
    );
    expect(() => reply({ id: 2, kind: 'progress', progress: { stage: 'building' } })).toThrow(
      'gradsync invariant failed: the background worker sent progress on compare',
    );
  });

  it('rejects, as a bug of ours, a request that names no schedule answered as if it had', async () => {
    const { port, reply } = manualPort();
    const compared = backgroundOver(port).compare(INPUT);
    reply({ id: 1, kind: 'unknown-schedule' });
    await expect(compared).rejects.toThrow('gradsync invariant failed: the background worker answered unknown-schedule to compare');
  });
});
