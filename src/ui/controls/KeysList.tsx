// Keys and what each does, one row a key: the app's list of keys (KeysHelp) and the presenter's
// (KeysDialog) draw their rows alike.

import type { AppKey } from './appKeys';

export function KeysList({ keys }: { keys: readonly AppKey[] }) {
  return (
    <dl>
      {keys.map(({ keys: pressed, does }) => (
        <div key={does}>
          <dt>
            {pressed.map((key) => (
              <kbd key={key}>{key}</kbd>
            ))}
          </dt>
          <dd>{does}</dd>
        </div>
      ))}
    </dl>
  );
}
