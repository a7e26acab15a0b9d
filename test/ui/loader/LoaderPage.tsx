// The part of the app a loaded file goes through: the loader's button and dialog, the notices, the
// view the file is shown in (`children`), and dropping a file anywhere on it.

import { useRef, type ReactNode } from 'react';
import { ScheduleDropOverlay } from '../../../src/ui/loader/ScheduleDropOverlay';
import { ScheduleLoader } from '../../../src/ui/loader/ScheduleLoader';
import { Notices } from '../../../src/ui/notices/Notices';

export function LoaderPage({ children }: { children?: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  return (
    <div ref={root} data-testid="root" className="gs-root">
      <ScheduleLoader />
      <Notices />
      {children}
      <ScheduleDropOverlay rootRef={root} />
    </div>
  );
}
