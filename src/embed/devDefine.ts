// <gradsync-sim> straight from the source, for pages the dev server sends as they are
// (public/examples): React's hot-reload preamble comes first, since Vite adds it only to the pages it
// transforms itself. Never part of the build.

import '@vitejs/plugin-react/preamble';
import './define';
