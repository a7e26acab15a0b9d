// The presenter's keys in one quiet line under the picture, from the same list as its ? and the
// app's list of keys (presenterKeys.ts). Two words follow the state: the speed − and + set, so the
// room sees that the key did something, and what Q turns to.

import { Fragment, type ReactNode } from 'react';
import { playSpeed } from '../../store/simStore';
import { useSim } from '../StoreContext';
import { PRESENTER_KEYS, type PresenterKeyId } from './presenterKeys';

function KeySpeed() {
  const speed = useSim(playSpeed);
  return <span className="gs-presenter-speed">speed {speed}×</span>;
}

export function PresenterKeyStrip({ quiz }: { quiz: boolean }) {
  const live: Partial<Record<PresenterKeyId, ReactNode>> = { speed: <KeySpeed />, predict: quiz ? 'narration' : 'predict' };
  const shown = PRESENTER_KEYS.filter((key) => key.strip !== undefined);
  return (
    <p className="gs-presenter-keys" aria-hidden="true">
      {shown.map(({ id, keys, strip }, i) => (
        <Fragment key={id}>
          {i > 0 && ' · '}
          {keys.map((key, j) => (
            <Fragment key={key}>
              {j > 0 && ' '}
              <kbd>{key}</kbd>
            </Fragment>
          ))}
          {strip !== '' && ' '}
          {live[id] ?? strip}
        </Fragment>
      ))}
    </p>
  );
}
