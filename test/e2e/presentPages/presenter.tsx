// The app's store with the Present button, as the app's header will hold it: ?algorithm=ring&devices=4&theme=dark
import { createRoot } from 'react-dom/client';
import { createSimStore } from '../../../src/store/simStore';
import { parseUrlState } from '../../../src/store/url';
import { PresentButton } from '../../../src/ui/present/PresentButton';
import { SimProvider } from '../../../src/ui/StoreContext';
import '../../../src/ui/styles/index.css';
import '../../../src/ui/styles/page.css';

const params = new URLSearchParams(location.search);
const { config, step } = parseUrlState(location.search);
const store = createSimStore({ config: { ...config, backend: 'cpu' }, step, gpu: null });
const theme = params.get('theme') ?? undefined;

createRoot(document.getElementById('root')!).render(
  <div className="gs-root gs-app" data-theme={theme}>
    <header className="gs-header">
      <strong>gradsync</strong>
      <div className="gs-header-actions">
        <SimProvider store={store}>
          <PresentButton />
        </SimProvider>
      </div>
    </header>
  </div>,
);
(window as unknown as { gradsyncStore: typeof store }).gradsyncStore = store;
