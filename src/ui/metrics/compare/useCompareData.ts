// The comparison the chart plots: computed in the store's background when it has one (it models
// every algorithm at up to 1,024 devices, too long for one frame), here otherwise. While a new answer
// is on its way the last one stays shown; null only before the first.

import { useEffect, useMemo, useState } from 'react';
import { compareData, type CompareData, type CompareInput } from '../../../core/model';
import { useSim } from '../../StoreContext';

export function useCompareData(input: CompareInput): CompareData | null {
  const background = useSim((s) => s.background);
  const here = useMemo(() => (background ? null : compareData(input)), [background, input]);
  const [answer, setAnswer] = useState<CompareData | null>(null);
  useEffect(() => {
    if (!background) return;
    let live = true;
    background.compare(input).then(
      (data) => live && setAnswer(data),
      // A background that cannot answer leaves the work to this page.
      () => live && setAnswer(compareData(input)),
    );
    return () => {
      live = false;
    };
  }, [background, input]);
  return here ?? answer;
}
