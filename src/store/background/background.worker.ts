// The background worker (pageBackground.ts starts it): answers the page's requests (protocol.ts).

import type { BackgroundReply, BackgroundRequest } from './protocol';
import { backgroundAnswers } from './answers';

interface WorkerScope {
  postMessage(message: BackgroundReply, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<BackgroundRequest>) => void) | null;
}

const scope = self as unknown as WorkerScope;
const answer = backgroundAnswers((message, transfer) => scope.postMessage(message, transfer ?? []));
scope.onmessage = (event) => answer(event.data);
